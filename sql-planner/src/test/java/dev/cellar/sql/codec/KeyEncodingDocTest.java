package dev.cellar.sql.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * Every example of {@code sql-planner/docs/key-encoding.md} marked {@code golden} is what the
 * codecs produce, byte for byte: the hex is read from the document itself.
 */
class KeyEncodingDocTest {
  private static final Pattern TYPE = Pattern.compile("([A-Z]+)(?:\\((\\d+)\\))?");

  private static List<String> doc() throws Exception {
    Path doc = Path.of("docs/key-encoding.md");
    if (!Files.exists(doc)) {
      doc = Path.of("sql-planner/docs/key-encoding.md");
    }
    return Files.readAllLines(doc, StandardCharsets.UTF_8);
  }

  /** The cells of the table rows after {@code start}, header and separator skipped. */
  private static List<String[]> table(List<String> lines, int start) {
    int i = start;
    while (!lines.get(i).startsWith("|")) {
      i++;
    }
    List<String[]> rows = new ArrayList<>();
    for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      String line = lines.get(i).trim();
      String[] cells = line.substring(1, line.length() - 1).split("\\|");
      for (int c = 0; c < cells.length; c++) {
        cells[c] = cells[c].trim().replace("`", "");
      }
      rows.add(cells);
    }
    return rows;
  }

  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace("|", "").replace(" ", ""));
  }

  private static String hex(byte[] b) {
    return HexFormat.ofDelimiter(" ").formatHex(b);
  }

  private static KeyColumn column(String name, String spec, boolean descending) {
    Matcher m = TYPE.matcher(spec);
    assertTrue(m.matches(), spec);
    return new KeyColumn(name, KeyType.valueOf(m.group(1)), descending, m.group(2) == null ? -1
        : Integer.parseInt(m.group(2)));
  }

  @Test
  void fieldTablesAreWhatTheCodecsWrite() throws Exception {
    List<String> lines = doc();
    Set<KeyType> covered = EnumSet.noneOf(KeyType.class);
    int rows = 0;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (!line.startsWith("<!-- golden-field ")) {
        continue;
      }
      String spec = line.substring("<!-- golden-field ".length(), line.length() - "-->".length()).trim();
      for (String[] row : table(lines, i + 1)) {
        for (boolean desc : new boolean[] {false, true}) {
          FieldCodec codec = FieldCodec.of(column("v", spec, desc));
          Object value = literal(codec.column().type(), row[0]);
          byte[] documented = hex(row[desc ? 2 : 1]);
          assertEquals(hex(documented), hex(codec.encode(value)), spec + (desc ? " DESC " : " ") + row[0]);
          assertTrue(SqlOrder.same(SqlOrder.canonical(codec.column(), value), codec.decode(documented)));
        }
        covered.add(column("v", spec, false).type());
        rows++;
      }
    }
    assertEquals(EnumSet.allOf(KeyType.class), covered, "every type has a documented example");
    assertTrue(rows >= 50, rows + " rows");
  }

  @Test
  void workedExampleIsWhatTheCodecWrites() throws Exception {
    List<String> lines = doc();
    int at = lines.indexOf("<!-- golden-key -->");
    assertTrue(at >= 0, "the document has a golden-key example");
    RowKeyCodec plain = null;
    RowKeyCodec salted = null;
    Object[] row = null;
    byte[] previous = null;
    int keys = 0;
    int open = at;
    while (!lines.get(open).equals("```text")) {
      open++;
    }
    for (int i = open + 1; !lines.get(i).startsWith("```"); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      String word = line.substring(0, line.indexOf(' '));
      String rest = line.substring(word.length()).trim();
      switch (word) {
        case "columns": {
          List<KeyColumn> cols = new ArrayList<>();
          for (String c : rest.split(",")) {
            String[] p = c.trim().split("\\s+");
            cols.add(column(p[0], p[1], p.length > 2 && p[2].equals("DESC")));
          }
          plain = RowKeyCodec.of(cols);
          break;
        }
        case "buckets":
          salted = RowKeyCodec.salted(plain.columns(), Integer.parseInt(rest));
          break;
        case "row": {
          List<String> literals = splitLiterals(rest);
          row = new Object[literals.size()];
          for (int c = 0; c < row.length; c++) {
            row[c] = literal(plain.columns().get(c).type(), literals.get(c));
          }
          break;
        }
        case "key": {
          byte[] key = plain.encode(row);
          assertEquals(hex(hex(rest)), hex(key), "key of " + SqlOrder.show(row));
          if (previous != null) {
            assertTrue(java.util.Arrays.compareUnsigned(previous, key) < 0, "rows are listed in key order");
          }
          previous = key;
          keys++;
          break;
        }
        case "crc32c": {
          CRC32C crc = new CRC32C();
          crc.update(plain.encode(row));
          assertEquals(rest, String.format("%08x", crc.getValue()));
          break;
        }
        case "salted":
          assertArrayEquals(hex(rest), salted.encode(row), "salted key of " + SqlOrder.show(row));
          break;
        case "prefix": {
          String[] p = rest.split("=");
          List<String> literals = splitLiterals(p[0].trim());
          Object[] leading = new Object[literals.size()];
          for (int c = 0; c < leading.length; c++) {
            leading[c] = literal(plain.columns().get(c).type(), literals.get(c));
          }
          assertEquals(hex(hex(p[1].trim())), hex(plain.encodePrefix(leading)));
          break;
        }
        default:
          throw new AssertionError("unknown line in the worked example: " + line);
      }
    }
    assertEquals(4, keys);
  }

  @Test
  void valueTableIsWhatTheValueCodecWrites() throws Exception {
    List<String> lines = doc();
    int at = lines.indexOf("<!-- golden-values -->");
    assertTrue(at >= 0, "the document has a golden-values table");
    List<String[]> rows = table(lines, at + 1);
    for (String[] row : rows) {
      KeyType type = KeyType.valueOf(row[0]);
      Object value = literal(type, row[1]);
      assertEquals(row[2], hex(ValueCodec.encode(type, value)), row[0] + " " + row[1]);
      Object back = ValueCodec.decode(type, hex(row[2]));
      assertTrue(value instanceof byte[] ? java.util.Arrays.equals((byte[]) value, (byte[]) back) : value.equals(back),
          row[0] + " " + row[1] + " decodes as " + back);
    }
    assertTrue(rows.size() >= 15);
  }

  /** Splits {@code a, 'b, c', d} at the commas outside quotes. */
  private static List<String> splitLiterals(String s) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (char ch : s.toCharArray()) {
      if (ch == '\'') {
        quoted = !quoted;
      }
      if (ch == ',' && !quoted) {
        out.add(cur.toString().trim());
        cur.setLength(0);
      } else {
        cur.append(ch);
      }
    }
    out.add(cur.toString().trim());
    return out;
  }

  /** A SQL literal of the document as the Java value Calcite would hand the codecs. */
  private static Object literal(KeyType type, String text) {
    switch (type) {
      case BOOLEAN:
        return Boolean.parseBoolean(text.toLowerCase(java.util.Locale.ROOT));
      case TINYINT:
        return Byte.parseByte(text);
      case SMALLINT:
        return Short.parseShort(text);
      case INTEGER:
        return Integer.parseInt(text);
      case BIGINT:
        return Long.parseLong(text);
      case DECIMAL:
        return new BigDecimal(text);
      case REAL:
        return Float.parseFloat(text);
      case DOUBLE:
        return Double.parseDouble(text);
      case CHAR:
      case VARCHAR:
        return unescape(quoted(text, ""));
      case BINARY:
      case VARBINARY:
        return HexFormat.of().parseHex(quoted(text, "X"));
      case DATE:
        return (int) LocalDate.parse(quoted(text, "DATE ")).toEpochDay();
      case TIME:
        return (int) (LocalTime.parse(quoted(text, "TIME ")).toNanoOfDay() / 1_000_000);
      case TIMESTAMP:
        return LocalDateTime.parse(quoted(text, "TIMESTAMP ").replace(' ', 'T')).toInstant(ZoneOffset.UTC)
            .toEpochMilli();
      default:
        throw new AssertionError(type);
    }
  }

  private static String quoted(String text, String keyword) {
    assertTrue(text.startsWith(keyword + "'") && text.endsWith("'"), "literal " + text + " of the form " + keyword
        + "'...'");
    return text.substring(keyword.length() + 1, text.length() - 1);
  }

  private static String unescape(String s) {
    Matcher m = Pattern.compile("\\\\u([0-9a-fA-F]{4})").matcher(s);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(m.group(1), 16))));
    }
    m.appendTail(out);
    return out.toString();
  }
}
