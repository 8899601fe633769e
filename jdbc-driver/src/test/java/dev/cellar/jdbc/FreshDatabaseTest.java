package dev.cellar.jdbc;

import java.sql.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The set-up of the tests that each run on a database of their own: a connection {@link #c} to a
 * fresh in-memory database at {@link #url} ({@link Sql#freshMem}, opened through
 * {@link Sql#connect}), closed after each test. A subclass's own {@code @BeforeEach} runs after
 * the connection is open.
 */
abstract class FreshDatabaseTest {
  /** The database's URL. */
  String url;
  /** A connection to it. */
  Connection c;

  @BeforeEach
  final void openFreshDatabase() throws Exception {
    url = Sql.freshMem();
    c = Sql.connect(url);
  }

  @AfterEach
  final void closeFreshDatabase() throws Exception {
    c.close();
  }
}
