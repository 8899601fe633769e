package dev.cellar.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cellar.server.CellarServer;
import dev.cellar.server.ServerOptions;
import java.util.List;
import org.jooq.SQLDialect;
import org.junit.jupiter.api.Test;

/**
 * {@link PooledClientsTest}'s workload — a HikariCP pool, plain JDBC and jOOQ, batches, a
 * committed and a rolled-back transaction — through the thin driver and a server, gives the
 * answers H2 gives.
 */
class RemotePooledClientsTest {
  @Test
  void aPoolOfThinClientsGivesTheAnswersH2Gives() throws Exception {
    List<String> h2 = PooledClientsTest.workload("jdbc:h2:mem:remotepool" + System.nanoTime() + ";DB_CLOSE_DELAY=-1",
        SQLDialect.H2);
    ServerOptions options = ServerOptions.defaults(Sql.freshMem()).withPort(0);
    try (CellarServer server = CellarServer.start(options)) {
      List<String> remote = PooledClientsTest.workload(server.clientUrl(), SQLDialect.DEFAULT);
      assertEquals(h2, remote);
      assertTrue(remote.contains("committed seen by another connection: 2"), remote.toString());
    }
  }
}
