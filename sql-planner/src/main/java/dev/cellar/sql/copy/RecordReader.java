package dev.cellar.sql.copy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the records of a CSV or JSON-lines file (UTF-8) as the text of each target column's
 * field, with the line each record starts on. CSV is read by {@link CsvRecords}, JSON by Jackson.
 * A record that does not fit the columns (too many or too few CSV fields, a JSON key naming no
 * column, a line that is no JSON object) comes back with its error, for the reject file. Not
 * thread-safe.
 */
abstract class RecordReader implements Closeable {
  /**
   * One record: its first line, its fields by target column (null: NULL), its text, or why it is
   * bad. A CSV record is split into fields when first asked for them, on the thread that
   * converts it; its text is as in the file. Used by one thread at a time.
   */
  static final class Raw {
    private final long line;
    private String[] fields;
    private final String text;
    private String error;
    private final CsvRecords csv;
    private final int expected;

    Raw(long line, String[] fields, String text, String error) {
      this.line = line;
      this.fields = fields;
      this.text = text;
      this.error = error;
      this.csv = null;
      this.expected = -1;
    }

    /** A CSV record of {@code text}, to be split by {@code csv}; {@code expected} fields, or -1: any. */
    Raw(long line, String text, CsvRecords csv, int expected) {
      this.line = line;
      this.text = text;
      this.csv = csv;
      this.expected = expected;
    }

    long line() {
      return line;
    }

    /** The fields, or null if the record is bad ({@link #error()}). */
    String[] fields() {
      split();
      return fields;
    }

    String text() {
      return text;
    }

    /** Why the record is bad, or null. */
    String error() {
      split();
      return error;
    }

    private void split() {
      if (csv == null || fields != null || error != null) {
        return;
      }
      try {
        String[] values = csv.fields(text);
        if (expected >= 0 && values.length != expected) {
          error = values.length + (values.length == 1 ? " field" : " fields") + ", expected " + expected;
        } else {
          fields = values;
        }
      } catch (CellarSqlException e) {
        error = e.getMessage();
      }
    }
  }

  private final CountingStream bytes;
  /** The target columns, as the table names them. */
  protected List<String> columns;

  private RecordReader(CountingStream bytes) {
    this.bytes = bytes;
  }

  /**
   * Opens {@code file}.
   *
   * @param explicit the columns the statement lists, or empty
   * @param table the table's columns, in order
   * @param tableName for messages
   * @throws CellarSqlException 58030 if it cannot be read, 42S22 for a header naming no column
   */
  static RecordReader open(Path file, CopyOptions o, List<String> explicit, List<String> table, String tableName) {
    CountingStream in;
    try {
      in = new CountingStream(Files.newInputStream(file));
    } catch (IOException e) {
      throw CopyFiles.cannotRead(file, e);
    }
    try {
      RecordReader r = o.format() == CopyOptions.Format.CSV ? new Csv(in, o) : new JsonLines(in);
      r.start(o, explicit, table, tableName);
      return r;
    } catch (IOException | RuntimeException e) {
      try {
        in.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof IOException io) {
        throw CopyFiles.cannotRead(file, io);
      }
      throw (RuntimeException) e;
    }
  }

  /** The target columns, each a column of the table, in the order of {@link Raw#fields}. */
  List<String> columns() {
    return columns;
  }

  /** Bytes of the file read so far (read ahead a little of the records returned). */
  long bytesRead() {
    return bytes.count;
  }

  /** The next record, or null at the end of the file. */
  abstract Raw next() throws IOException;

  /** Reads the header, if any, and sets {@link #columns}. */
  void start(CopyOptions o, List<String> explicit, List<String> table, String tableName) throws IOException {
    columns = explicit.isEmpty() ? table : resolve(explicit, table, tableName, "in the column list");
  }

  @Override
  public void close() throws IOException {
    bytes.close();
  }

  /** Each of {@code names} as the table names it: exactly, else the one column equal ignoring case. */
  static List<String> resolve(List<String> names, List<String> table, String tableName, String where) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      String c = column(n, table);
      if (c == null) {
        throw new CellarSqlException(SqlState.COLUMN_NOT_FOUND, "column " + n + " " + where + " is not a column of "
            + "table " + tableName);
      }
      if (out.contains(c)) {
        throw new CellarSqlException(SqlState.SYNTAX_ERROR, "column " + c + " " + where + " is named twice");
      }
      out.add(c);
    }
    return out;
  }

  static String column(String n, List<String> table) {
    if (table.contains(n)) {
      return n;
    }
    String found = null;
    for (String c : table) {
      if (c.equalsIgnoreCase(n)) {
        if (found != null) {
          return null;
        }
        found = c;
      }
    }
    return found;
  }

  private static Reader utf8(InputStream in) {
    // a decoder that reports malformed input rather than replacing it
    return new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder());
  }

  /** CSV through {@link CsvRecords}: records found here, split into fields where converted. */
  private static final class Csv extends RecordReader {
    private final CsvRecords records;
    private final Reader reader;

    Csv(CountingStream in, CopyOptions o) {
      super(in);
      this.reader = utf8(in);
      this.records = new CsvRecords(reader, o);
    }

    @Override
    void start(CopyOptions o, List<String> explicit, List<String> table, String tableName) throws IOException {
      super.start(o, explicit, table, tableName);
      if (o.header()) {
        CsvRecords.Text h = records.next();
        if (h != null && explicit.isEmpty()) {
          List<String> names = new ArrayList<>();
          String[] fields;
          try {
            fields = records.fields(h.text());
          } catch (CellarSqlException e) {
            throw new CellarSqlException(SqlState.DATA_EXCEPTION, "the header (line " + h.line() + ") cannot be "
                + "read: " + e.getMessage(), e);
          }
          for (String f : fields) {
            names.add(f == null ? "" : f.trim());
          }
          columns = resolve(names, table, tableName, "in the header (line " + h.line() + ")");
        }
      }
    }

    @Override
    Raw next() throws IOException {
      CsvRecords.Text t = records.next();
      return t == null ? null : new Raw(t.line(), t.text(), records, columns == null ? -1 : columns.size());
    }

    @Override
    public void close() throws IOException {
      reader.close();
      super.close();
    }
  }

  /** One JSON object a line, through Jackson's streaming parser. */
  private static final class JsonLines extends RecordReader {
    private static final JsonFactory JSON = new JsonFactory();
    private final BufferedReader lines;
    private long line;

    JsonLines(CountingStream in) {
      super(in);
      this.lines = new BufferedReader(utf8(in), 1 << 16);
    }

    @Override
    Raw next() throws IOException {
      String text;
      do {
        text = lines.readLine();
        if (text == null) {
          return null;
        }
        line++;
      } while (text.isBlank());
      String[] fields = new String[columns.size()];
      try (JsonParser p = JSON.createParser(text)) {
        if (p.nextToken() != JsonToken.START_OBJECT) {
          return new Raw(line, null, text, "not a JSON object");
        }
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          String c = column(key, columns);
          if (c == null) {
            return new Raw(line, null, text, "key \"" + key + "\" is not one of the columns loaded");
          }
          JsonToken v = p.nextToken();
          int i = columns.indexOf(c);
          switch (v) {
            case VALUE_NULL:
              fields[i] = null;
              break;
            case VALUE_STRING:
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
              fields[i] = p.getText();
              break;
            case VALUE_TRUE:
            case VALUE_FALSE:
              fields[i] = p.getText().toLowerCase(Locale.ROOT);
              break;
            default:
              return new Raw(line, null, text, "the value of \"" + key + "\" is an object or array, not a column value");
          }
        }
        if (t != JsonToken.END_OBJECT || p.nextToken() != null) {
          return new Raw(line, null, text, "more than one JSON object on the line");
        }
      } catch (JsonProcessingException e) {
        return new Raw(line, null, text, "not JSON: " + e.getOriginalMessage());
      }
      return new Raw(line, fields, text, null);
    }

    @Override
    public void close() throws IOException {
      lines.close();
      super.close();
    }
  }

  /** Counts the bytes read through it. */
  private static final class CountingStream extends FilterInputStream {
    volatile long count;

    CountingStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }
}
