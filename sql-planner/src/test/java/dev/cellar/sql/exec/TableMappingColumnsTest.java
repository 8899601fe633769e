package dev.cellar.sql.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cellar.sql.catalog.ColumnDef;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.codec.KeyFormat;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Scan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import org.junit.jupiter.api.Test;

/**
 * Which cells a query asks the store for ({@link TableMapping#addColumns}): a small family whole
 * on the embedded engine, only the named columns and the row's marker where every cell read is
 * sent to the client ({@link TableMapping#readingNamedColumns}).
 */
class TableMappingColumnsTest {
  /** {@code sale (id INTEGER PRIMARY KEY, price BIGINT, qty INTEGER)}, both values in family 0. */
  private static TableMapping sale() {
    return new TableMapping(new TableDef("PUBLIC", "SALE", "SALE", List.of(
        new ColumnDef("ID", ColumnType.parse("INTEGER"), false, null, 0, false),
        new ColumnDef("PRICE", ColumnType.parse("BIGINT"), true, "0", -1, false),
        new ColumnDef("QTY", ColumnType.parse("INTEGER"), true, "0", -1, false)),
        0, List.of(), "0", "0", false, KeyFormat.VERSION, Map.of()));
  }

  /** The columns {@code m} asks for to read {@code fields}: "family:*" for a whole family, else "family:qualifier". */
  private static List<String> asked(TableMapping m, int... fields) {
    Scan scan = new Scan();
    m.addColumns(scan, fields);
    List<String> out = new ArrayList<>();
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : scan.columns().entrySet()) {
      String family = Bytes.toString(e.getKey());
      if (e.getValue() == null) {
        out.add(family + ":*");
      } else {
        for (byte[] q : e.getValue()) {
          out.add(family + ":" + Bytes.toString(q));
        }
      }
    }
    return out;
  }

  @Test
  void aSmallFamilyIsReadWholeByDefault() {
    assertEquals(List.of("0:*"), asked(sale(), 1));
    assertEquals(List.of("0:*"), asked(sale(), 0));
  }

  @Test
  void readingNamedColumnsAsksForTheColumnAndTheMarkerOnly() {
    TableMapping named = sale().readingNamedColumns();
    assertEquals(List.of("0:PRICE", "0:_0"), asked(named, 1));
    assertEquals(List.of("0:_0"), asked(named, 0), "a key column alone: the marker says the row is there");
    assertEquals(List.of("0:*"), asked(named, 1, 2), "every column of the family: read whole");
    assertEquals(List.of("0:PRICE", "0:_0"), asked(named.withReadVersions(2), 1), "kept by a VERSIONS hint");
  }
}
