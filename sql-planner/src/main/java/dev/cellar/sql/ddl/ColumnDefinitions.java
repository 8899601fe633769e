package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.sql.parser.SqlLexer.Kind;

/**
 * Column definitions of CREATE TABLE, CREATE VIEW (mapped) and ALTER TABLE ADD: a column's
 * family, name, SQL type (with length, precision, MAP value type, array forms refused),
 * {@code FORMAT}, {@code NOT NULL}, {@code PRIMARY KEY [ASC|DESC]} and {@code ROW_TIMESTAMP}.
 */
final class ColumnDefinitions {
  private final DdlTokens in;

  ColumnDefinitions(DdlTokens in) {
    this.in = in;
  }

  DdlStatement.Column column() {
    Token at = in.peek();
    String family = null;
    String name = in.identifier("a column name");
    if (in.acceptSymbol(".")) {
      family = name;
      at = in.peek();
      name = in.identifier("a column name after '" + family + ".'");
    }
    ColumnType type = type(name);
    boolean notNull = false;
    boolean pk = false;
    boolean desc = false;
    ValueFormat format = null;
    boolean rowTimestamp = false;
    while (true) {
      if (!pk && in.accept("ROW_TIMESTAMP")) {
        rowTimestamp = true;
      } else if (in.accept("FORMAT")) {
        Token f = in.peek();
        if (!f.is("STRING") && !f.is("BYTES")) {
          throw DdlTokens.error(f, "expected STRING or BYTES after FORMAT (column " + name + ")");
        }
        in.i++;
        format = ValueFormat.valueOf(f.text());
      } else if (in.accept("NOT")) {
        in.expectWord("NULL");
        notNull = true;
      } else if (in.accept("NULL")) {
        notNull = false;
      } else if (in.accept("PRIMARY")) {
        in.expectWord("KEY");
        pk = true;
        desc = direction();
        in.accept("ROW_TIMESTAMP");
      } else if (in.peek().is("DEFAULT")) {
        throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "DEFAULT at " + in.peek().position()
            + " (column " + name + ") is not supported yet");
      } else {
        break;
      }
    }
    return new DdlStatement.Column(family, name, type, notNull, pk, desc, format, at, rowTimestamp);
  }

  boolean direction() {
    if (in.accept("DESC")) {
      return true;
    }
    in.accept("ASC");
    return false;
  }

  ColumnType type(String column) {
    Token t = in.peek();
    if (t.kind() != Kind.WORD) {
      throw DdlTokens.error(t, "expected a type for column " + column);
    }
    in.i++;
    if (t.is("MAP") && in.peek().isSymbol("<")) {
      return mapType(column, t);
    }
    KeyType kt;
    switch (t.text()) {
      case "BOOLEAN":
        kt = KeyType.BOOLEAN;
        break;
      case "TINYINT":
        kt = KeyType.TINYINT;
        break;
      case "SMALLINT":
        kt = KeyType.SMALLINT;
        break;
      case "INTEGER":
      case "INT":
        kt = KeyType.INTEGER;
        break;
      case "BIGINT":
        kt = KeyType.BIGINT;
        break;
      case "DECIMAL":
      case "NUMERIC":
      case "DEC":
        kt = KeyType.DECIMAL;
        break;
      case "REAL":
        kt = KeyType.REAL;
        break;
      case "FLOAT":
        kt = KeyType.DOUBLE;
        break;
      case "DOUBLE":
        in.accept("PRECISION");
        kt = KeyType.DOUBLE;
        break;
      case "CHAR":
      case "CHARACTER":
        kt = in.accept("VARYING") ? KeyType.VARCHAR : KeyType.CHAR;
        break;
      case "VARCHAR":
      case "TEXT":
        kt = KeyType.VARCHAR;
        break;
      case "BINARY":
        kt = in.accept("VARYING") ? KeyType.VARBINARY : KeyType.BINARY;
        break;
      case "VARBINARY":
        kt = KeyType.VARBINARY;
        break;
      case "DATE":
        kt = KeyType.DATE;
        break;
      case "TIME":
        kt = KeyType.TIME;
        break;
      case "TIMESTAMP":
        kt = KeyType.TIMESTAMP;
        break;
      default:
        if (t.text().startsWith("UNSIGNED_") || t.text().equals("ARRAY") || t.text().equals("JSON")
            || t.text().equals("BSON")) {
          throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "type " + t.text() + " of column " + column
              + " at " + t.position() + " is not supported; use one of BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, "
              + "DECIMAL, REAL, DOUBLE, CHAR, VARCHAR, BINARY, VARBINARY, DATE, TIME, TIMESTAMP");
        }
        throw DdlTokens.error(t, "expected a type for column " + column);
    }
    ColumnType ct = ColumnType.of(kt);
    if (in.acceptSymbol("(")) {
      Token pt = in.peek();
      int p = in.intLiteral("a length or precision");
      int s = 0;
      if (in.acceptSymbol(",")) {
        if (kt != KeyType.DECIMAL) {
          throw DdlTokens.error(in.previous(), "only DECIMAL takes a scale");
        }
        s = in.intLiteral("a scale");
      }
      in.expectSymbol(")");
      ct = sized(kt, p, s, column, pt);
    }
    if (in.peek().is("ARRAY") || in.peek().isSymbol("[")) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "ARRAY columns (" + column + " at "
          + in.peek().position() + ") are not supported");
    }
    return ct;
  }

  /** {@code MAP<VARCHAR, type>}, after {@code MAP}: the keys are qualifiers, so text. */
  ColumnType mapType(String column, Token at) {
    in.expectSymbol("<");
    Token k = in.peek();
    ColumnType key = type(column);
    if (key.type() != KeyType.VARCHAR || key.isMap() || key.precision() != ColumnType.UNSPECIFIED) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "MAP column " + column + " at " + at.position()
          + ": the keys of a MAP are the qualifiers of its family and must be VARCHAR, not " + key.sql() + " (at "
          + k.position() + ")");
    }
    in.expectSymbol(",");
    Token v = in.peek();
    ColumnType value = type(column);
    if (value.isMap()) {
      throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, "MAP column " + column + " at " + at.position()
          + ": the values of a MAP are cells and cannot be MAPs themselves (at " + v.position() + ")");
    }
    in.expectSymbol(">");
    return ColumnType.map(value);
  }

  ColumnType sized(KeyType kt, int p, int s, String column, Token at) {
    switch (kt) {
      case CHAR:
      case BINARY:
      case VARCHAR:
      case VARBINARY:
        if (p < 1 || (kt.hasFixedLength() && p > 32_767)) {
          throw new CellarSqlException(SqlState.SYNTAX_ERROR, "length " + p + " of column " + column + " at "
              + at.position() + " is out of range");
        }
        return new ColumnType(kt, p, 0);
      case DECIMAL:
        if (p < 1 || p > ColumnType.MAX_DECIMAL_PRECISION || s < 0 || s > p) {
          throw new CellarSqlException(SqlState.SYNTAX_ERROR, "DECIMAL(" + p + "," + s + ") of column " + column
              + " at " + at.position() + ": precision must be 1 to " + ColumnType.MAX_DECIMAL_PRECISION
              + " and scale 0 to the precision");
        }
        return new ColumnType(kt, p, s);
      case TIME:
      case TIMESTAMP:
        if (p < 0 || p > ColumnType.DATETIME_PRECISION) {
          throw new CellarSqlException(SqlState.FEATURE_NOT_SUPPORTED, kt + "(" + p + ") of column " + column + " at "
              + at.position() + ": fractional seconds are kept to milliseconds, precision 0 to 3");
        }
        return new ColumnType(kt, p, 0);
      default:
        throw DdlTokens.error(at, kt + " takes no length");
    }
  }
}
