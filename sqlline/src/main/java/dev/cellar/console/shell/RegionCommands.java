package dev.cellar.console.shell;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.RegionInfo;
import java.util.ArrayList;
import java.util.List;

/** The maintenance commands: flush, compact, major_compact, split, list_regions, get_splits. */
final class RegionCommands {
  private RegionCommands() {}

  static List<CommandSpec> specs() {
    return List.of(
        CommandSpec.of("flush", "tools", """
            Writes a table's memstores to store files.

              flush 't1'
            """, (a, s) -> {
              a.arity(1, 1);
              s.admin().flush(s.existingTable(a, 0));
              return null;
            }),
        CommandSpec.of("compact", "tools", """
            Minor compaction: merges each family's store files of every region into one,
            keeping every cell.

              compact 't1'
            """, (a, s) -> {
              a.arity(1, 1);
              s.admin().compact(s.existingTable(a, 0));
              return null;
            }),
        CommandSpec.of("major_compact", "tools", """
            Major compaction: flushes, then rewrites each family of every region into one
            file, dropping deleted cells, expired cells and versions beyond VERSIONS.

              major_compact 't1'
            """, (a, s) -> {
              a.arity(1, 1);
              s.admin().majorCompact(s.existingTable(a, 0));
              return null;
            }),
        CommandSpec.of("split", "tools", """
            Splits every region of a table that holds data at its middle row, or the region
            holding a given split point at that key.

              split 't1'
              split 't1', 'r5'
            """, RegionCommands::split),
        CommandSpec.of("list_regions", "tools", """
            Lists a table's regions in key order with their statistics: store files and
            their bytes, memstore bytes, cells (before visibility rules), and the reads and
            writes each region served since the store was opened.

              list_regions 't1'
            """, RegionCommands::listRegions),
        CommandSpec.of("get_splits", "tools", """
            Prints the split points of a table (the start keys of all regions but the first).

              get_splits 't1'
            """, RegionCommands::getSplits));
  }

  static String split(Args a, Session s) {
    a.arity(1, 2);
    String name = s.existingTable(a, 0);
    if (a.size() == 2) {
      byte[] point = a.bytes(1, "split point");
      if (point.length == 0) {
        throw ShellSyntaxException.argument("split point must not be empty", a.get(1));
      }
      s.admin().split(name, point);
    } else {
      s.admin().split(name);
    }
    return null;
  }

  static String listRegions(Args a, Session s) {
    a.arity(1, 1);
    String name = s.existingTable(a, 0);
    List<RegionInfo> regions = s.admin().regions(name);
    List<List<String>> rows = new ArrayList<>();
    for (RegionInfo r : regions) {
      rows.add(List.of(r.name(), Bytes.toStringBinary(r.startRow()), Bytes.toStringBinary(r.endRow()),
          Integer.toString(r.storeFiles()), Long.toString(r.storeFileBytes()), Long.toString(r.memstoreBytes()),
          Long.toString(r.cells()), Long.toString(r.readRequests()), Long.toString(r.writeRequests())));
    }
    s.out().grid(List.of("REGION_NAME", "START_KEY", "END_KEY", "STOREFILES", "STOREFILE_BYTES", "MEMSTORE_BYTES",
        "CELLS", "READS", "WRITES"), rows);
    s.out().line(" " + regions.size() + " rows");
    return null;
  }

  static String getSplits(Args a, Session s) {
    a.arity(1, 1);
    String name = s.existingTable(a, 0);
    List<String> splits = new ArrayList<>();
    for (RegionInfo r : s.admin().regions(name)) {
      if (r.startRow().length > 0) {
        splits.add(Bytes.toStringBinary(r.startRow()));
      }
    }
    s.out().line("Total number of splits = " + (splits.size() + 1));
    splits.forEach(s.out()::line);
    return Output.rubyArray(splits);
  }
}
