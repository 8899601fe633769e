package dev.cellar.sql.catalog;

import dev.cellar.sql.codec.KeyType;
import java.util.Locale;
import java.util.Objects;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A column's SQL type: one of the fifteen {@link KeyType}s with its length (CHAR, VARCHAR,
 * BINARY, VARBINARY), precision and scale (DECIMAL) or fractional-second precision (TIME,
 * TIMESTAMP). Immutable.
 *
 * @param type the type
 * @param precision length, precision or fractional digits; {@link #UNSPECIFIED} when the type
 *     takes none or none was given (VARCHAR, VARBINARY without a length)
 * @param scale DECIMAL's scale; 0 otherwise
 * @param mapValue for a {@code MAP<VARCHAR, V>} column (a whole family: each cell an entry, its
 *     qualifier the key), the type {@code V} of the values; {@code type} is then the keys' type,
 *     VARCHAR. {@code null} for every other type
 */
public record ColumnType(KeyType type, int precision, int scale, ColumnType mapValue) {
  /** No length or precision. */
  public static final int UNSPECIFIED = -1;
  /** Largest DECIMAL precision (as Phoenix). */
  public static final int MAX_DECIMAL_PRECISION = 38;
  /** Fractional-second digits of TIME and TIMESTAMP: values are kept in milliseconds. */
  public static final int DATETIME_PRECISION = 3;

  public ColumnType {
    Objects.requireNonNull(type, "type");
    if (mapValue != null && (type != KeyType.VARCHAR || mapValue.isMap())) {
      throw new IllegalArgumentException("a MAP has VARCHAR keys and values of a scalar type, not " + type + " and "
          + mapValue.sql());
    }
  }

  /** A scalar type. */
  public ColumnType(KeyType type, int precision, int scale) {
    this(type, precision, scale, null);
  }

  /** {@code MAP<VARCHAR, value>}. */
  public static ColumnType map(ColumnType value) {
    return new ColumnType(KeyType.VARCHAR, UNSPECIFIED, 0, Objects.requireNonNull(value, "value"));
  }

  /** Whether this is a {@code MAP<VARCHAR, V>}: a whole family, one entry per cell. */
  public boolean isMap() {
    return mapValue != null;
  }

  /** A type without length or precision (or with its default one). */
  public static ColumnType of(KeyType type) {
    switch (type) {
      case CHAR:
      case BINARY:
        return new ColumnType(type, 1, 0);
      case DECIMAL:
        return new ColumnType(type, MAX_DECIMAL_PRECISION, 0);
      case TIME:
      case TIMESTAMP:
        return new ColumnType(type, DATETIME_PRECISION, 0);
      default:
        return new ColumnType(type, UNSPECIFIED, 0);
    }
  }

  /** The key length the row-key codec needs: CHAR and BINARY lengths, -1 otherwise. */
  public int keyLength() {
    return type.hasFixedLength() ? precision : -1;
  }

  /** The type as Calcite sees it; a MAP's values are nullable (a missing key reads as NULL). */
  public RelDataType toRelDataType(RelDataTypeFactory f, boolean nullable) {
    if (isMap()) {
      RelDataType key = f.createSqlType(SqlTypeName.VARCHAR);
      return f.createTypeWithNullability(f.createMapType(key, mapValue.toRelDataType(f, true)), nullable);
    }
    RelDataType t;
    switch (type) {
      case BOOLEAN:
        t = f.createSqlType(SqlTypeName.BOOLEAN);
        break;
      case TINYINT:
        t = f.createSqlType(SqlTypeName.TINYINT);
        break;
      case SMALLINT:
        t = f.createSqlType(SqlTypeName.SMALLINT);
        break;
      case INTEGER:
        t = f.createSqlType(SqlTypeName.INTEGER);
        break;
      case BIGINT:
        t = f.createSqlType(SqlTypeName.BIGINT);
        break;
      case DECIMAL:
        t = f.createSqlType(SqlTypeName.DECIMAL, precision, scale);
        break;
      case REAL:
        t = f.createSqlType(SqlTypeName.REAL);
        break;
      case DOUBLE:
        t = f.createSqlType(SqlTypeName.DOUBLE);
        break;
      case CHAR:
        t = f.createSqlType(SqlTypeName.CHAR, precision);
        break;
      case VARCHAR:
        t = precision == UNSPECIFIED ? f.createSqlType(SqlTypeName.VARCHAR) : f.createSqlType(SqlTypeName.VARCHAR, precision);
        break;
      case BINARY:
        t = f.createSqlType(SqlTypeName.BINARY, precision);
        break;
      case VARBINARY:
        t = precision == UNSPECIFIED ? f.createSqlType(SqlTypeName.VARBINARY)
            : f.createSqlType(SqlTypeName.VARBINARY, precision);
        break;
      case DATE:
        t = f.createSqlType(SqlTypeName.DATE);
        break;
      case TIME:
        t = f.createSqlType(SqlTypeName.TIME, precision);
        break;
      case TIMESTAMP:
        t = f.createSqlType(SqlTypeName.TIMESTAMP, precision);
        break;
      default:
        throw new AssertionError(type);
    }
    return f.createTypeWithNullability(t, nullable);
  }

  /** The type as DDL writes it: {@code VARCHAR(30)}, {@code DECIMAL(10,2)}, {@code TIMESTAMP(3)}. */
  public String sql() {
    if (isMap()) {
      return "MAP<VARCHAR," + mapValue.sql() + ">";
    }
    switch (type) {
      case CHAR:
      case BINARY:
        return type + "(" + precision + ")";
      case VARCHAR:
      case VARBINARY:
        return precision == UNSPECIFIED ? type.toString() : type + "(" + precision + ")";
      case DECIMAL:
        return "DECIMAL(" + precision + "," + scale + ")";
      case TIME:
      case TIMESTAMP:
        return type + "(" + precision + ")";
      default:
        return type.toString();
    }
  }

  /** Parses what {@link #sql()} writes (catalog records). */
  public static ColumnType parse(String sql) {
    String s = sql.trim().toUpperCase(Locale.ROOT);
    if (s.startsWith("MAP<") && s.endsWith(">")) {
      int comma = s.indexOf(',');
      return map(parse(s.substring(comma + 1, s.length() - 1)));
    }
    int open = s.indexOf('(');
    String name = open < 0 ? s : s.substring(0, open).trim();
    KeyType type = KeyType.valueOf(name);
    if (open < 0) {
      return of(type);
    }
    String[] args = s.substring(open + 1, s.indexOf(')', open)).split(",");
    int p = Integer.parseInt(args[0].trim());
    int sc = args.length > 1 ? Integer.parseInt(args[1].trim()) : 0;
    return new ColumnType(type, p, sc);
  }

  @Override
  public String toString() {
    return sql();
  }
}
