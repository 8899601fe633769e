package dev.cellar.sql.copy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;

/**
 * Writes rows as CSV (Apache Commons CSV: every value quoted, a NULL as the NULL text unquoted,
 * so that an empty string and NULL stay apart) or as JSON lines (Jackson: numbers as numbers,
 * booleans as booleans, a NULL as {@code null}, other values as strings). Not thread-safe.
 */
abstract class RecordWriter implements Closeable {
  protected final List<String> names;
  protected final FieldConverter[] converters;

  private RecordWriter(List<String> names, FieldConverter[] converters) {
    this.names = names;
    this.converters = converters;
  }

  /** A writer of {@code options.format()} to {@code out}; CSV's header line written if asked. */
  static RecordWriter of(Writer out, CopyOptions options, List<String> names, FieldConverter[] converters)
      throws IOException {
    return options.format() == CopyOptions.Format.CSV ? new Csv(out, options, names, converters)
        : new JsonLines(out, names, converters);
  }

  /** Writes one row. */
  abstract void write(Object[] row) throws IOException;

  /** CSV. */
  private static final class Csv extends RecordWriter {
    private final CSVPrinter out;
    private final String[] fields;

    Csv(Writer w, CopyOptions o, List<String> names, FieldConverter[] converters) throws IOException {
      super(names, converters);
      CSVFormat format = CSVFormat.RFC4180.builder().setDelimiter(o.delimiter()).setQuote(o.quote())
          .setNullString(o.nullString()).setQuoteMode(QuoteMode.ALL_NON_NULL).setRecordSeparator("\n").build();
      this.out = new CSVPrinter(w, format);
      this.fields = new String[names.size()];
      if (o.header()) {
        out.printRecord(names);
      }
    }

    @Override
    void write(Object[] row) throws IOException {
      for (int i = 0; i < fields.length; i++) {
        fields[i] = converters[i].format(row[i]);
      }
      out.printRecord((Object[]) fields);
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /** JSON lines. */
  private static final class JsonLines extends RecordWriter {
    private static final JsonFactory JSON = new JsonFactory();
    private final Writer out;
    private final JsonGenerator json;

    JsonLines(Writer out, List<String> names, FieldConverter[] converters) throws IOException {
      super(names, converters);
      this.out = out;
      this.json = JSON.createGenerator(out);
      json.setRootValueSeparator(null);
    }

    @Override
    void write(Object[] row) throws IOException {
      json.writeStartObject();
      for (int i = 0; i < names.size(); i++) {
        json.writeFieldName(names.get(i));
        String text = converters[i].format(row[i]);
        if (text == null) {
          json.writeNull();
        } else if (converters[i].isBoolean()) {
          json.writeBoolean(Boolean.parseBoolean(text));
        } else if (converters[i].isNumber() && !text.endsWith("Infinity") && !text.equals("NaN")) {
          json.writeNumber(text);
        } else {
          json.writeString(text);
        }
      }
      json.writeEndObject();
      json.flush();
      out.write('\n');
    }

    @Override
    public void close() throws IOException {
      json.close();
      out.close();
    }
  }
}
