package dev.cellar.sql.prepare;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeMappingRule;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * Calcite's implicit type coercion, except that it never plans a cast its own cast rules refuse.
 *
 * <p>Comparing a BOOLEAN with a number ({@code TRUE = 1.5}, {@code (x IN (...)) = -v}) makes
 * Calcite cast the BOOLEAN to the number's type; BOOLEAN casts to the integer types only, so
 * against a DECIMAL or a DOUBLE the cast was planned anyway (an assertion under {@code -ea}, code
 * that does not compile without). Here no such cast is made, and the comparison is refused as
 * one of types that cannot be compared (42000, naming the operator and both types).
 */
final class CellarTypeCoercion extends TypeCoercionImpl {
  CellarTypeCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
    super(typeFactory, validator);
  }

  @Override
  protected boolean needToCast(SqlValidatorScope scope, SqlNode node, RelDataType toType,
      SqlTypeMappingRule mappingRule) {
    RelDataType fromType = validator.deriveType(scope, node);
    if (fromType != null && fromType.getSqlTypeName() == SqlTypeName.BOOLEAN && SqlTypeUtil.isNumeric(toType)
        && !SqlTypeUtil.canCastFrom(toType, fromType, mappingRule)) {
      return false;
    }
    return super.needToCast(scope, node, toType, mappingRule);
  }
}
