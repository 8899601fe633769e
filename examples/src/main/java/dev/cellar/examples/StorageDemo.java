package dev.cellar.examples;

import dev.cellar.storage.Admin;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.CellarStore;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.Get;
import dev.cellar.storage.Put;
import dev.cellar.storage.Result;
import dev.cellar.storage.ResultScanner;
import dev.cellar.storage.Scan;
import dev.cellar.storage.Table;
import dev.cellar.storage.TableDescriptor;
import dev.cellar.storage.embedded.EmbeddedStore;
import dev.cellar.storage.embedded.StoreOptions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens (creating on first run) an embedded store with the seed schemas in their raw
 * wide-column layout — category, shop/item, user/fans, sale — and shows the reads the seeds
 * ask for, printed the way the HBase shell prints them.
 *
 * <p>Usage: {@code StorageDemo [DIR]} (default {@code ~/.cellar/demo}).
 */
public final class StorageDemo {
  private StorageDemo() {}

  public static void main(String[] args) {
    Path dir = args.length > 0 ? Paths.get(args[0]) : Paths.get(System.getProperty("user.home"), ".cellar", "demo");
    try (CellarStore store = EmbeddedStore.open(StoreOptions.builder(dir).build())) {
      boolean created = SeedData.createIfMissing(store);
      System.out.println("Cellar embedded store at " + dir + (created ? " (seed tables created)" : " (reopened)"));
      Admin admin = store.admin();
      System.out.println();
      System.out.println("TABLE");
      for (TableDescriptor t : admin.listTables()) {
        System.out.println(t);
      }

      System.out.println();
      System.out.println("scan 'category'");
      printScan(store.table("category"), new Scan());

      System.out.println();
      System.out.println("Every ancestor of 'red dog' from one row: get 'category', '7', 'parent'");
      printRow(store.table("category").get(new Get("7").addFamily("parent")));

      System.out.println();
      System.out.println("Items of shop S1, then each item's details (no join table in the store):");
      Result shop = store.table("shop").get(new Get("S1").addFamily("item"));
      printRow(shop);
      List<Get> gets = new ArrayList<>();
      for (byte[] itemId : shop.familyMap(Bytes.toBytes("item")).keySet()) {
        gets.add(new Get(itemId).addFamily("info"));
      }
      for (Result item : store.table("item").get(gets)) {
        printRow(item);
      }

      System.out.println();
      System.out.println("Latest 3 purchases of user u0001, newest first (prefix scan on user id, reversed time in the key):");
      printScan(store.table("sale"), new Scan().setRowPrefix(Bytes.toBytes("u0001")).setLimit(3));

      System.out.println();
      System.out.println("Fans of user U1: get 'user', 'U1', 'fans'");
      printRow(store.table("user").get(new Get("U1").addFamily("fans")));
    }
  }

  static void printScan(Table table, Scan scan) {
    printScan(table, scan, System.out);
  }

  /** Prints the rows of {@code scan} as the HBase shell's {@code scan} does. */
  static void printScan(Table table, Scan scan, PrintStream out) {
    out.printf("%-28s %s%n", "ROW", "COLUMN+CELL");
    int rows = 0;
    try (ResultScanner s = table.scanner(scan)) {
      for (Result r : s) {
        printCells(r, out);
        rows++;
      }
    }
    out.println(rows + " row(s)");
  }

  static void printRow(Result r) {
    if (r.isEmpty()) {
      System.out.println("(no cells)");
      return;
    }
    printCells(r, System.out);
  }

  private static void printCells(Result r, PrintStream out) {
    for (Cell c : r.cells()) {
      out.printf(" %-27s column=%s:%s, timestamp=%d, value=%s%n", Bytes.toStringBinary(c.row()),
          Bytes.toStringBinary(c.family()), Bytes.toStringBinary(c.qualifier()), c.timestamp(), printable(c.value()));
    }
  }

  private static String printable(byte[] v) {
    String s = Bytes.toString(v);
    for (int i = 0; i < s.length(); i++) {
      if (Character.isISOControl(s.charAt(i)) || s.charAt(i) == '\uFFFD') {
        return Bytes.toStringBinary(v);
      }
    }
    return s;
  }

  /** The seed tables in their raw layout (SEEDS.md §6). */
  static final class SeedData {
    private SeedData() {}

    static boolean createIfMissing(CellarStore store) {
      Admin admin = store.admin();
      if (admin.tableExists("category")) {
        return false;
      }
      admin.createTable(TableDescriptor.of("category", "name", "parent", "child"));
      Table category = store.table("category");
      String[][] animals = {
        {"1", "animal", ""}, {"2", "pig", "1"}, {"3", "cat", "1"}, {"4", "monkey", "1"}, {"5", "dog", "1"},
        {"6", "tiger", "1"}, {"7", "red dog", "5,1"}, {"8", "black dog", "5,1"}, {"9", "tiger of northeast", "6,1"}
      };
      List<Put> puts = new ArrayList<>();
      for (String[] a : animals) {
        Put p = new Put(a[0]).addColumn("name", "", a[1]);
        if (!a[2].isEmpty()) {
          for (String ancestor : a[2].split(",")) {
            p.addColumn("parent", ancestor, animals[Integer.parseInt(ancestor) - 1][1]);
          }
          String direct = a[2].split(",")[0];
          puts.add(new Put(direct).addColumn("child", a[0], a[1]));
        }
        puts.add(p);
      }
      category.batch(puts);

      admin.createTable(TableDescriptor.newBuilder("shop").family(ColumnFamilyDescriptor.of("info"))
          .family(ColumnFamilyDescriptor.of("item")).build());
      admin.createTable(TableDescriptor.newBuilder("item").family(ColumnFamilyDescriptor.of("info"))
          .family(ColumnFamilyDescriptor.of("shop")).build());
      store.table("shop").batch(List.of(
          new Put("S1").addColumn("info", "name", "Corner Shop").addColumn("info", "address", "1 Main St")
              .addColumn("info", "regdate", "2012-09-01").addColumn("item", "I42", "new").addColumn("item", "I43", "sale"),
          new Put("S2").addColumn("info", "name", "Market Hall").addColumn("info", "address", "9 Quay Rd")
              .addColumn("info", "regdate", "2013-01-15").addColumn("item", "I42", "used")));
      store.table("item").batch(List.of(
          new Put("I42").addColumn("info", "name", "kettle").addColumn("info", "price", "19.90")
              .addColumn("info", "title", "Steel kettle").addColumn("info", "details", "1.7 l, 2200 W")
              .addColumn("shop", "S1", "new").addColumn("shop", "S2", "used"),
          new Put("I43").addColumn("info", "name", "teapot").addColumn("info", "price", "12.50")
              .addColumn("info", "title", "Clay teapot").addColumn("info", "details", "0.8 l")
              .addColumn("shop", "S1", "sale")));

      admin.createTable(TableDescriptor.of("user", "info", "fans"));
      store.table("user").batch(List.of(
          new Put("U1").addColumn("info", "nickname", "ann").addColumn("info", "gender", "f")
              .addColumn("fans", "U2", "friend").addColumn("fans", "U3", "follower"),
          new Put("U2").addColumn("info", "nickname", "bob").addColumn("info", "gender", "m")
              .addColumn("fans", "U1", "friend"),
          new Put("U3").addColumn("info", "nickname", "cy").addColumn("info", "gender", "m")));

      admin.createTable(TableDescriptor.newBuilder("sale")
          .family(ColumnFamilyDescriptor.newBuilder("name").maxVersions(1).compression(Compression.SNAPPY).build())
          .build());
      long base = 1_346_457_600_000L; // 2012-09-01T00:00:00Z
      List<Put> sales = new ArrayList<>();
      String[] products = {"kettle", "teapot", "cups", "spoons", "tray"};
      for (int u = 1; u <= 3; u++) {
        for (int i = 0; i < 5; i++) {
          long t = base + (u * 7L + i) * 86_400_000L;
          String product = products[(u + i) % products.length];
          byte[] key = Bytes.concat(Bytes.toBytes(String.format("u%04d", u)), Bytes.toBytes(Long.MAX_VALUE - t),
              Bytes.toBytes(product));
          sales.add(new Put(key).addColumn("name", "product", product).addColumn("name", "time", Long.toString(t)));
        }
      }
      store.table("sale").batch(sales);
      for (TableDescriptor t : admin.listTables()) {
        admin.flush(t.name());
      }
      return true;
    }
  }
}
