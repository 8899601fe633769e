package dev.cellar.sql.schema;

import java.util.Arrays;
import org.apache.calcite.rel.core.TableModify;

/**
 * What a DML statement does to its table, fixed at plan time.
 *
 * @param operation INSERT, UPDATE or DELETE
 * @param upsert whether an INSERT is an UPSERT (insert or replace by key)
 * @param targeted for an UPSERT, the columns it names ({@code null}: all)
 * @param updated for an UPDATE, the fields it sets, in the order of its new values
 */
public record ModifySpec(TableModify.Operation operation, boolean upsert, boolean[] targeted, int[] updated) {
  @Override
  public String toString() {
    return operation + (upsert ? " (UPSERT)" : "") + (targeted == null ? "" : " " + Arrays.toString(targeted))
        + (updated == null ? "" : " " + Arrays.toString(updated));
  }
}
