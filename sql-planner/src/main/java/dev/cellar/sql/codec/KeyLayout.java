package dev.cellar.sql.codec;

import java.util.ArrayList;
import java.util.List;

/**
 * How a rowkey lays out its fields: Cellar's own order-preserving format, or one of the layouts
 * of keys written elsewhere that a mapped table reads as they are. Specified in
 * {@code sql-planner/docs/mapping.md} (and {@code key-encoding.md} for {@link #CELLAR}).
 */
public enum KeyLayout {
  /** Cellar's rowkey format ({@link FieldCodec#of}): order-preserving, self-delimiting fields. */
  CELLAR,
  /**
   * Fields back to back, each of a fixed number of bytes, as text (CHAR(n), BINARY(n)); the last
   * field may be of any type and is the rest of the key: {@code userID(6) + time(8) + fileID(6)}.
   */
  FIXED,
  /**
   * Fields as text, separated by a separator; the last field is the rest of the key:
   * {@code userid_videoid}, {@code a|b|c}.
   */
  DELIMITED,
  /**
   * Fields back to back as HBase's {@code Bytes.toBytes} writes them, at their type's width;
   * the last field may be the rest of the key: {@code 2-byte hash + 4-byte ms-of-day + extension}.
   */
  BYTES;

  /**
   * The field codec of {@code column} in this layout.
   *
   * @param format {@link ValueFormat#STRING} for a text field, {@link ValueFormat#BYTES} for a
   *     binary one, or null for the layout's own (text for FIXED and DELIMITED, binary for BYTES);
   *     ignored for CELLAR
   * @param separator the DELIMITED separator, else ignored
   * @param last whether the field is the key's last
   * @throws IllegalArgumentException naming the column if the layout cannot hold it there
   */
  FieldCodec field(KeyColumn column, ValueFormat format, byte[] separator, boolean last) {
    if (this == CELLAR) {
      return FieldCodec.of(column);
    }
    if (column.descending()) {
      throw new IllegalArgumentException(column.describe() + ": a mapped key is read as it is stored; DESC "
          + "is only for Cellar's own key format");
    }
    if (this == DELIMITED) {
      if (format == ValueFormat.BYTES) {
        throw new IllegalArgumentException(column.describe() + ": a DELIMITED key has text fields only; "
            + "binary bytes could contain the separator");
      }
      return new DelimitedKeyCodec(column, separator, last);
    }
    boolean text = format == null ? this == FIXED : format == ValueFormat.STRING;
    return text ? new TextKeyCodec(column, last) : new BytesKeyCodec(column, last);
  }

  /**
   * The rowkey codec of {@code columns} (in key order) in this layout.
   *
   * @param formats one per column, each as {@link #field} takes it, or null for all null
   */
  public RowKeyCodec codec(List<KeyColumn> columns, List<ValueFormat> formats, byte[] separator) {
    if (this == CELLAR) {
      return RowKeyCodec.of(columns);
    }
    if (this == DELIMITED && (separator == null || separator.length == 0)) {
      throw new IllegalArgumentException("a DELIMITED key needs a separator");
    }
    List<FieldCodec> fields = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      fields.add(field(columns.get(i), formats == null ? null : formats.get(i), separator, i == columns.size() - 1));
    }
    return RowKeyCodec.ofFields(fields, describe(separator));
  }

  private String describe(byte[] separator) {
    return this == DELIMITED ? "DELIMITED '" + new String(separator, java.nio.charset.StandardCharsets.UTF_8) + "'"
        : name();
  }
}
