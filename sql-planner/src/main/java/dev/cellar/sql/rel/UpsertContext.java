package dev.cellar.sql.rel;

import dev.cellar.sql.catalog.TableDef;
import java.util.List;

/**
 * Carries an UPSERT's target columns from the statement text to {@link CellarTableModify}
 * while one statement is prepared on this thread. Calcite parses {@code UPSERT INTO} into an
 * INSERT, and an INSERT fills the columns it does not name with NULL; an UPSERT must leave them
 * alone, so {@code CellarPrepare} records which columns the statement names.
 */
public final class UpsertContext {
  private static final ThreadLocal<Target> CURRENT = new ThreadLocal<>();

  /** An UPSERT's target columns, or {@code null} for "every column". */
  public record Target(List<String> columns) {
    boolean[] targeted(TableDef def) {
      if (columns == null) {
        return null;
      }
      boolean[] t = new boolean[def.columns().size()];
      for (String c : columns) {
        int i = def.columnIndex(c);
        if (i >= 0) {
          t[i] = true;
        }
      }
      return t;
    }
  }

  private UpsertContext() {}

  static Target current() {
    return CURRENT.get();
  }

  public static void set(Target t) {
    CURRENT.set(t);
  }

  public static void clear() {
    CURRENT.remove();
  }
}
