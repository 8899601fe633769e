package dev.cellar.sql.adapter;

import dev.cellar.sql.catalog.ColumnType;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Cellar's type limits: DECIMAL up to precision and scale 38 (as Phoenix), and TIME and
 * TIMESTAMP with milliseconds unless a precision is given (values are kept in milliseconds).
 * String literals keep SQL's CHAR semantics ({@code CASE ... THEN 'dear' ELSE 'cheap' END} is a
 * CHAR(5)): making ragged results VARCHAR would also make {@code CHAR(3) = 'b'} false.
 */
public final class CellarTypeSystem extends RelDataTypeSystemImpl {
  /** The instance connections use ({@code typeSystem=...CellarTypeSystem#INSTANCE}). */
  public static final RelDataTypeSystem INSTANCE = new CellarTypeSystem();

  private CellarTypeSystem() {}

  @Override
  public int getMaxPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? ColumnType.MAX_DECIMAL_PRECISION : super.getMaxPrecision(typeName);
  }

  @Override
  public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? ColumnType.MAX_DECIMAL_PRECISION : super.getMaxScale(typeName);
  }

  @Override
  public int getDefaultPrecision(SqlTypeName typeName) {
    switch (typeName) {
      case TIME:
      case TIMESTAMP:
        return ColumnType.DATETIME_PRECISION;
      default:
        return super.getDefaultPrecision(typeName);
    }
  }
}
