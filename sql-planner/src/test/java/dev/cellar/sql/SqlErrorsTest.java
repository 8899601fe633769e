package dev.cellar.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.StorageTimeoutException;
import org.junit.jupiter.api.Test;

class SqlErrorsTest {
  @Test
  void storageErrorsKeepTheirStates() {
    StorageTimeoutException timeout = new StorageTimeoutException("HBase did not answer in time: cannot scan table 'S'", null);
    CellarSqlException t = SqlErrors.translate(new RuntimeException("wrapped", timeout));
    assertEquals("HYT00", t.sqlState());
    assertEquals(timeout.getMessage(), t.getMessage());
    assertEquals("58030", SqlErrors.translate(new StorageException("disk failed")).sqlState());
  }
}
