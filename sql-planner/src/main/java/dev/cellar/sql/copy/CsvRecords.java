package dev.cellar.sql.copy;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.io.IOException;
import java.io.Reader;

/**
 * CSV in two steps, so that the costly one runs on every core: {@link #next()} only finds where
 * each record ends (a line break outside quotes; empty lines skipped) and returns its text with
 * the line it starts on, on the thread reading the file; {@link #fields} splits one record's text
 * into fields, on whichever thread converts it. RFC 4180 with the options' delimiter and quote: a
 * quoted field may hold delimiters, line breaks and doubled quotes, and is never NULL; an
 * unquoted field equal to the NULL text is NULL. {@link #next()} is not thread-safe;
 * {@link #fields} is.
 */
final class CsvRecords {
  /** One record's text (without its line break) and the line it starts on. */
  record Text(long line, String text) {}

  private final Reader in;
  private final char delimiter;
  private final char quote;
  private final String nullString;
  private final char[] buf = new char[1 << 16];
  private int pos;
  private int end;
  private boolean eof;
  /** Lines started so far (the line the next record starts on, once past its line breaks). */
  private long line = 1;

  CsvRecords(Reader in, CopyOptions o) {
    this.in = in;
    this.delimiter = o.delimiter();
    this.quote = o.quote();
    this.nullString = o.nullString();
  }

  /**
   * The next record, or null at the end of the input.
   *
   * @throws CellarSqlException 22000 for a quoted field still open at the end of the input
   */
  Text next() throws IOException {
    // skip empty lines
    while (true) {
      if (pos == end && !fill()) {
        return null;
      }
      char c = buf[pos];
      if (c == '\n') {
        line++;
        pos++;
      } else if (c == '\r') {
        pos++;
        if ((pos < end || fill()) && buf[pos] == '\n') {
          pos++;
        }
        line++;
      } else {
        break;
      }
    }
    long first = line;
    StringBuilder carry = null;
    int start = pos;
    // where the scan is: at a field's start, in an unquoted field, in a quoted one, just after a quote in one
    int state = FIELD;
    while (true) {
      if (pos == end) {
        if (carry == null) {
          carry = new StringBuilder(128);
        }
        carry.append(buf, start, pos - start);
        if (!fill()) {
          if (state == QUOTED) {
            throw new CellarSqlException(SqlState.DATA_EXCEPTION, "CSV after line " + (first - 1) + " cannot be "
                + "read: a quoted field opened on line " + first + " is not closed before the end of the file");
          }
          return new Text(first, carry.toString());
        }
        start = pos;
      }
      char c = buf[pos];
      if (state == QUOTED) {
        if (c == quote) {
          state = CLOSED;
        } else if (c == '\n' || (c == '\r' && (pos + 1 >= end || buf[pos + 1] != '\n'))) {
          line++;
        }
      } else if (c == '\n' || c == '\r') {
        String text = carry == null ? new String(buf, start, pos - start)
            : carry.append(buf, start, pos - start).toString();
        pos++;
        if (c == '\r' && (pos < end || fill()) && buf[pos] == '\n') {
          pos++;
        }
        line++;
        return new Text(first, text);
      } else if (c == delimiter) {
        state = FIELD;
      } else if (c == quote && (state == FIELD || state == CLOSED)) {
        // a field's opening quote, or a doubled quote in a quoted field
        state = QUOTED;
      } else {
        state = UNQUOTED;
      }
      pos++;
    }
  }

  private static final int FIELD = 0;
  private static final int UNQUOTED = 1;
  private static final int QUOTED = 2;
  private static final int CLOSED = 3;

  /** Reads more; false at the end of the input. Keeps nothing before {@link #pos}. */
  private boolean fill() throws IOException {
    if (eof) {
      return false;
    }
    int n = in.read(buf, 0, buf.length);
    if (n <= 0) {
      eof = true;
      pos = end = 0;
      return false;
    }
    pos = 0;
    end = n;
    return true;
  }

  /**
   * The fields of one record's text.
   *
   * @throws CellarSqlException 22000 naming the field for text after a quoted field's closing quote
   */
  String[] fields(String text) {
    java.util.ArrayList<String> out = new java.util.ArrayList<>(8);
    int n = text.length();
    int i = 0;
    while (true) {
      if (i < n && text.charAt(i) == quote) {
        StringBuilder b = new StringBuilder();
        i++;
        while (true) {
          int q = text.indexOf(quote, i);
          if (q < 0) {
            // only at the end of the input (next() ends a record only outside quotes)
            throw new CellarSqlException(SqlState.DATA_EXCEPTION, "field " + (out.size() + 1)
                + " has no closing quote");
          }
          b.append(text, i, q);
          if (q + 1 < n && text.charAt(q + 1) == quote) {
            b.append(quote);
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        if (i < n && text.charAt(i) != delimiter) {
          throw new CellarSqlException(SqlState.DATA_EXCEPTION, "field " + (out.size() + 1) + " has text after its "
              + "closing quote");
        }
        out.add(b.toString());
      } else {
        int d = text.indexOf(delimiter, i);
        int stop = d < 0 ? n : d;
        String f = text.substring(i, stop);
        out.add(nullString != null && f.equals(nullString) ? null : f);
        i = stop;
      }
      if (i >= n) {
        return out.toArray(new String[0]);
      }
      i++; // the delimiter
    }
  }
}
