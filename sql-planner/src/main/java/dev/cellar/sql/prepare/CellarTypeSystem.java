package dev.cellar.sql.prepare;

import dev.cellar.sql.catalog.ColumnType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Cellar's type limits: DECIMAL up to precision and scale 38 (as Phoenix), and TIME and
 * TIMESTAMP with milliseconds unless a precision is given (values are kept in milliseconds).
 * String literals are CHARs, as in SQL, so a {@code CHAR(3)} column still equals {@code 'b'}
 * (a type system that made ragged results VARCHAR would make {@code CHAR(3) = 'b'} false); where
 * literals of different lengths are alternatives for one value ({@code CASE ... THEN 'dear' ELSE
 * 'cheap' END}) the validator makes them VARCHARs ({@code VaryingLiterals}). The SUM of
 * TINYINT, SMALLINT and INTEGER values is a BIGINT (as in Phoenix and PostgreSQL), so that sums
 * of small columns do not overflow their type. The AVG of exact numbers (integers and DECIMALs) is
 * a DECIMAL with at least {@value #AVG_SCALE} decimal places (the average of 1 and 2 is 1.5, as in
 * Phoenix, H2 and PostgreSQL, not 1), computed as that SUM divided by the COUNT.
 */
public final class CellarTypeSystem extends RelDataTypeSystemImpl {
  /** The instance connections use ({@code typeSystem=...CellarTypeSystem#INSTANCE}). */
  public static final RelDataTypeSystem INSTANCE = new CellarTypeSystem();

  /** The fewest decimal places of the AVG of exact numbers. */
  static final int AVG_SCALE = 6;

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
  public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    switch (argumentType.getSqlTypeName()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
        return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.BIGINT),
            argumentType.isNullable());
      default:
        return super.deriveSumType(typeFactory, argumentType);
    }
  }

  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    switch (argumentType.getSqlTypeName()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case DECIMAL:
        int scale = Math.max(AVG_SCALE, argumentType.getSqlTypeName() == SqlTypeName.DECIMAL ? argumentType.getScale() : 0);
        return typeFactory.createTypeWithNullability(
            typeFactory.createSqlType(SqlTypeName.DECIMAL, ColumnType.MAX_DECIMAL_PRECISION, scale),
            argumentType.isNullable());
      default:
        return super.deriveAvgAggType(typeFactory, argumentType);
    }
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
