package dev.cellar.sql.schema.system;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/** A system table: read whole, listed by metadata as a {@code SYSTEM TABLE}. */
abstract class SystemTable extends AbstractTable implements ScannableTable {
  @Override
  public Schema.TableType getJdbcTableType() {
    return Schema.TableType.SYSTEM_TABLE;
  }

  static RelDataType text(RelDataTypeFactory f) {
    return f.createSqlType(SqlTypeName.VARCHAR);
  }

  static RelDataType nullableText(RelDataTypeFactory f) {
    return f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true);
  }

  static RelDataType bigint(RelDataTypeFactory f) {
    return f.createSqlType(SqlTypeName.BIGINT);
  }

  static RelDataType nullableBigint(RelDataTypeFactory f) {
    return f.createTypeWithNullability(f.createSqlType(SqlTypeName.BIGINT), true);
  }

  static RelDataType integer(RelDataTypeFactory f) {
    return f.createSqlType(SqlTypeName.INTEGER);
  }

  static RelDataType nullableDouble(RelDataTypeFactory f) {
    return f.createTypeWithNullability(f.createSqlType(SqlTypeName.DOUBLE), true);
  }

  static RelDataType nullableTimestamp(RelDataTypeFactory f) {
    return f.createTypeWithNullability(f.createSqlType(SqlTypeName.TIMESTAMP, 3), true);
  }

  static RelDataType bool(RelDataTypeFactory f) {
    return f.createSqlType(SqlTypeName.BOOLEAN);
  }
}
