package dev.cellar.jdbc;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A statement's parameter values, made exact for its DECIMAL parameters before it runs: text
 * ({@code setString}) becomes the number it spells, and a {@code double} or {@code float} the
 * shortest decimal that reads back as it ({@code 0.15}, not {@code 0.1499999...}), so that the
 * table's writer rounds a parameter as it rounds a literal. Other values are left as they are.
 */
final class ParameterValues {
  private ParameterValues() {}

  /**
   * {@code values} of {@code signature}'s parameters, DECIMAL ones exact.
   *
   * @throws CellarSqlException 22018 for text that is no number, 22003 for NaN or an infinity
   */
  static List<TypedValue> exact(Meta.Signature signature, List<TypedValue> values) {
    if (signature == null || values == null) {
      return values;
    }
    List<AvaticaParameter> params = signature.parameters;
    List<TypedValue> out = values;
    for (int i = 0; i < values.size() && i < params.size(); i++) {
      int type = params.get(i).parameterType;
      TypedValue v = values.get(i);
      if ((type != Types.DECIMAL && type != Types.NUMERIC) || v == null || v.value == null) {
        continue;
      }
      BigDecimal d = decimal(i + 1, params.get(i), v.value);
      if (d != null) {
        if (out == values) {
          out = new ArrayList<>(values);
        }
        out.set(i, TypedValue.ofLocal(ColumnMetaData.Rep.NUMBER, d));
      }
    }
    return out;
  }

  /** {@code value} as an exact decimal, or null if it is one already or no number. */
  private static BigDecimal decimal(int index, AvaticaParameter p, Object value) {
    if (value instanceof String s) {
      try {
        return new BigDecimal(s.trim());
      } catch (NumberFormatException e) {
        throw new CellarSqlException(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, "parameter " + index + ": '" + s
            + "' is not a number, which " + typeName(p) + " needs", e);
      }
    }
    if (value instanceof Double || value instanceof Float) {
      double x = ((Number) value).doubleValue();
      if (Double.isNaN(x) || Double.isInfinite(x)) {
        throw new CellarSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "parameter " + index + ": " + value
            + " is not a value of " + typeName(p));
      }
      return new BigDecimal(value.toString());
    }
    return null;
  }

  private static String typeName(AvaticaParameter p) {
    return "DECIMAL(" + p.precision + "," + p.scale + ")";
  }
}
