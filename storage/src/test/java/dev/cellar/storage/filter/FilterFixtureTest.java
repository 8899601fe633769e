package dev.cellar.storage.filter;

import org.junit.jupiter.api.AfterEach;

/**
 * The set-up of the filter tests: each test loads its rows into a {@link FilterFixture}
 * {@link #fx} of the layout it runs in; the fixture is closed after the test.
 */
abstract class FilterFixtureTest {
  /** The store and table of the running test, or null before it loads its rows. */
  FilterFixture fx;

  @AfterEach
  final void closeFixture() {
    if (fx != null) {
      fx.close();
    }
  }
}
