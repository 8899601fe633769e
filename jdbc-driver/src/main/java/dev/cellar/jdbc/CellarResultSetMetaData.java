package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/**
 * A result's column descriptions (Calcite's, with JDBC's sizes: {@link CellarJdbcFactory}), each
 * method refusing a column index the result does not have with 07009 rather than an unchecked
 * exception.
 */
final class CellarResultSetMetaData implements ResultSetMetaData {
  private final ResultSetMetaData calcite;
  private final int count;

  CellarResultSetMetaData(ResultSetMetaData calcite) throws SQLException {
    this.calcite = calcite;
    this.count = calcite.getColumnCount();
  }

  private int column(int column) throws SQLException {
    if (column < 1 || column > count) {
      throw JdbcErrors.of(SqlState.INVALID_DESCRIPTOR_INDEX.code(), "column index " + column + " is out of range: "
          + "the result has " + count + " column" + (count == 1 ? "" : "s"), null);
    }
    return column;
  }

  @Override
  public int getColumnCount() {
    return count;
  }

  @Override
  public boolean isAutoIncrement(int column) throws SQLException {
    return calcite.isAutoIncrement(column(column));
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    return calcite.isCaseSensitive(column(column));
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    return calcite.isSearchable(column(column));
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    return calcite.isCurrency(column(column));
  }

  @Override
  public int isNullable(int column) throws SQLException {
    return calcite.isNullable(column(column));
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    return calcite.isSigned(column(column));
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    return calcite.getColumnDisplaySize(column(column));
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    return calcite.getColumnLabel(column(column));
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    return calcite.getColumnName(column(column));
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    return calcite.getSchemaName(column(column));
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    return calcite.getPrecision(column(column));
  }

  @Override
  public int getScale(int column) throws SQLException {
    return calcite.getScale(column(column));
  }

  @Override
  public String getTableName(int column) throws SQLException {
    return calcite.getTableName(column(column));
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    return calcite.getCatalogName(column(column));
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return calcite.getColumnType(column(column));
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    return calcite.getColumnTypeName(column(column));
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    return calcite.isReadOnly(column(column));
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    return calcite.isWritable(column(column));
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    return calcite.isDefinitelyWritable(column(column));
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    return calcite.getColumnClassName(column(column));
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    return ClientErrors.call(() -> calcite.unwrap(iface));
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this) || calcite.isWrapperFor(iface);
  }
}
