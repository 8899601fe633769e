package dev.cellar.sql.prepare;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The types an INSERT, UPSERT or UPDATE assigns its values to. Calcite casts each value to its
 * column's type, and those casts cut text and bytes to the column's length and drop a DECIMAL's
 * extra fraction digits; a stored value must never lose anything unnoticed. So a column of a
 * length-limited type takes values of the unlimited one ({@code VARCHAR(3)} and {@code CHAR(2)}
 * take {@code VARCHAR}, {@code BINARY(2)} {@code VARBINARY}), which also types the statement's
 * {@code ?} parameters, and a DECIMAL column takes numbers and text as they are, an integer
 * column numbers with a fraction and integers of a wider type (Calcite's cast would drop the
 * fraction). The table's writer then pads, rounds or refuses each value
 * ({@link dev.cellar.sql.exec.ValueLimits}).
 */
final class AssignmentTypes {
  /** The integer types, narrowest first. */
  private static final List<SqlTypeName> INTEGERS =
      List.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER, SqlTypeName.BIGINT);

  private AssignmentTypes() {}

  /**
   * {@code rowType} with the fields from {@code from} on unlimited in length (the fields before
   * it, an UPDATE's old values, are left alone).
   */
  static RelDataType unlimited(RelDataTypeFactory f, RelDataType rowType, int from) {
    List<RelDataTypeField> fields = rowType.getFieldList();
    RelDataTypeFactory.Builder b = f.builder();
    boolean changed = false;
    for (RelDataTypeField field : fields) {
      RelDataType t = field.getIndex() < from ? field.getType() : unlimited(f, field.getType());
      changed |= t != field.getType();
      b.add(field.getName(), t);
    }
    return changed ? b.build() : rowType;
  }

  /** {@code t} without its length, or {@code t}: VARCHAR for CHAR(n) and VARCHAR(n), VARBINARY for BINARY(n) and VARBINARY(n). */
  private static RelDataType unlimited(RelDataTypeFactory f, RelDataType t) {
    switch (t.getSqlTypeName()) {
      case CHAR:
      case VARCHAR:
        if (t.getSqlTypeName() == SqlTypeName.VARCHAR && t.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED) {
          return t;
        }
        RelDataType text = f.createSqlType(SqlTypeName.VARCHAR);
        if (t.getCharset() != null && t.getCollation() != null) {
          text = f.createTypeWithCharsetAndCollation(text, t.getCharset(), t.getCollation());
        }
        return f.createTypeWithNullability(text, t.isNullable());
      case BINARY:
      case VARBINARY:
        if (t.getSqlTypeName() == SqlTypeName.VARBINARY && t.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED) {
          return t;
        }
        return f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARBINARY), t.isNullable());
      case MAP:
        RelDataType value = unlimited(f, t.getValueType());
        return value == t.getValueType() ? t
            : f.createTypeWithNullability(f.createMapType(t.getKeyType(), value), t.isNullable());
      default:
        return t;
    }
  }

  /**
   * The types {@code source} is checked against and cast to: {@code target}'s, except that a
   * DECIMAL field whose value is a number or text keeps the value's type, uncast, as does an
   * integer field whose value is a number with a fraction or a wider integer, and text in
   * another character set ({@code U&'...'}) is cast to the column's at its own length.
   */
  static RelDataType castTargets(RelDataTypeFactory f, RelDataType source, RelDataType target) {
    if (source.getFieldCount() != target.getFieldCount()) {
      return target;
    }
    RelDataTypeFactory.Builder b = f.builder();
    boolean changed = false;
    for (RelDataTypeField field : target.getFieldList()) {
      RelDataType to = field.getType();
      RelDataType from = source.getFieldList().get(field.getIndex()).getType();
      RelDataType t = to;
      if (to.getSqlTypeName() == SqlTypeName.DECIMAL && (SqlTypeUtil.isNumeric(from) || SqlTypeUtil.isCharacter(from))) {
        t = f.createTypeWithNullability(from, to.isNullable());
      } else if (INTEGERS.contains(to.getSqlTypeName()) && SqlTypeUtil.isNumeric(from)
          && !(INTEGERS.contains(from.getSqlTypeName())
              && INTEGERS.indexOf(from.getSqlTypeName()) <= INTEGERS.indexOf(to.getSqlTypeName()))) {
        // a fraction, or an integer wider than the column: Calcite's cast would drop the fraction
        t = f.createTypeWithNullability(from, to.isNullable());
      } else if (to.getSqlTypeName() == SqlTypeName.VARCHAR && to.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
          && SqlTypeUtil.isCharacter(from) && from.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED
          && SqlTypeUtil.areCharacterSetsMismatched(from, to)) {
        // Calcite casts no text to an unlimited VARCHAR, so text of another set would not be assignable
        t = f.createTypeWithNullability(f.createTypeWithCharsetAndCollation(
            f.createSqlType(SqlTypeName.VARCHAR, from.getPrecision()), to.getCharset(), to.getCollation()),
            to.isNullable());
      }
      changed |= t != to;
      b.add(field.getName(), t);
    }
    return changed ? b.build() : target;
  }
}
