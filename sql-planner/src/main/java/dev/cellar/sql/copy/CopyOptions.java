package dev.cellar.sql.copy;

/**
 * The options of a {@code COPY} statement or of {@code cellar load} / {@code cellar export}.
 *
 * @param format CSV or JSON lines
 * @param header CSV: the first line names the columns (read: fields are matched to columns by
 *     it; written: the column names)
 * @param delimiter CSV's field delimiter
 * @param quote CSV's quote character
 * @param nullString the text of a NULL in CSV (an unquoted field equal to it)
 * @param dateFormat a {@link java.time.format.DateTimeFormatter} pattern for DATE values, or null
 *     for {@code 2024-01-31}
 * @param timestampFormat a pattern for TIMESTAMP values, or null for {@code 2024-01-31 12:30:00.250}
 * @param rejectLimit how many bad rows a load writes to its reject file before it fails; 0: the
 *     first bad row fails the load
 * @param rejectFile where bad rows go, or null for the input's path with {@code .rejects} added
 */
public record CopyOptions(Format format, boolean header, char delimiter, char quote, String nullString,
    String dateFormat, String timestampFormat, long rejectLimit, String rejectFile) {

  /** File formats. */
  public enum Format {
    /** Comma-separated values (RFC 4180 with the options' delimiter, quote and NULL text). */
    CSV,
    /** One JSON object a line, its keys the column names. */
    JSON
  }

  /** CSV with a header line, {@code ,} and {@code "}, NULL as an empty unquoted field, no bad row allowed. */
  public static final CopyOptions DEFAULTS = new CopyOptions(Format.CSV, false, ',', '"', "", null, null, 0, null);

  /** These options with {@code format}. */
  public CopyOptions withFormat(Format f) {
    return new CopyOptions(f, header, delimiter, quote, nullString, dateFormat, timestampFormat, rejectLimit,
        rejectFile);
  }

  /** These options with {@code header}. */
  public CopyOptions withHeader(boolean h) {
    return new CopyOptions(format, h, delimiter, quote, nullString, dateFormat, timestampFormat, rejectLimit,
        rejectFile);
  }

  /** These options with {@code delimiter}. */
  public CopyOptions withDelimiter(char d) {
    return new CopyOptions(format, header, d, quote, nullString, dateFormat, timestampFormat, rejectLimit, rejectFile);
  }

  /** These options with {@code quote}. */
  public CopyOptions withQuote(char q) {
    return new CopyOptions(format, header, delimiter, q, nullString, dateFormat, timestampFormat, rejectLimit,
        rejectFile);
  }

  /** These options with {@code nullString}. */
  public CopyOptions withNullString(String n) {
    return new CopyOptions(format, header, delimiter, quote, n, dateFormat, timestampFormat, rejectLimit, rejectFile);
  }

  /** These options with {@code dateFormat}. */
  public CopyOptions withDateFormat(String f) {
    return new CopyOptions(format, header, delimiter, quote, nullString, f, timestampFormat, rejectLimit, rejectFile);
  }

  /** These options with {@code timestampFormat}. */
  public CopyOptions withTimestampFormat(String f) {
    return new CopyOptions(format, header, delimiter, quote, nullString, dateFormat, f, rejectLimit, rejectFile);
  }

  /** These options with {@code rejectLimit}. */
  public CopyOptions withRejectLimit(long n) {
    return new CopyOptions(format, header, delimiter, quote, nullString, dateFormat, timestampFormat, n, rejectFile);
  }

  /** These options with {@code rejectFile}. */
  public CopyOptions withRejectFile(String f) {
    return new CopyOptions(format, header, delimiter, quote, nullString, dateFormat, timestampFormat, rejectLimit, f);
  }
}
