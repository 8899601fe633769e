package dev.cellar.sql.rel;

import dev.cellar.storage.CellarStore;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableUnion;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.SqlFunctions;
import org.apache.calcite.runtime.Typed;

/**
 * The INSERT or UPSERT of rows made only of statement parameters and NULLs
 * ({@code VALUES (?, ?, ...), (?, ?, ...)}), run without generated code: each row's values are
 * read from the data context and converted to their columns' types as Calcite's code would,
 * then handed to {@link CellarTable#modify}.
 *
 * <p>Given a batch's {@link ParameterSets}, it writes the rows of every set as one statement
 * (one lock, one timestamp, one write to the store) where that keeps the batch's meaning: every
 * check (NOT NULL, sizes, keys given twice, keys that exist, unique indexes) comes before the
 * write, so a failing set fails the whole statement before anything is written and the caller
 * runs the sets one at a time to stop at it. Not on a table whose keys the database generates
 * (each set's keys are reported apart), nor an INSERT on a store where other processes insert
 * too and the store decides row by row (some rows would stay written).
 */
public final class DirectInsert implements Bindable<Long>, Typed {
  /** How a parameter's value becomes its column's Java value, as Calcite's generated code converts it. */
  private enum Conversion {
    TEXT, LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, DECIMAL, INT_VALUE, LONG_VALUE, BOOLEAN, BYTES;

    Object apply(Object v) {
      if (v == null) {
        return null;
      }
      switch (this) {
        case TEXT:
          return v.toString();
        case LONG:
          return ((Number) v).longValue();
        case INT:
          return ((Number) v).intValue();
        case SHORT:
          return ((Number) v).shortValue();
        case BYTE:
          return ((Number) v).byteValue();
        case DOUBLE:
          return ((Number) v).doubleValue();
        case FLOAT:
          return ((Number) v).floatValue();
        case DECIMAL:
          return (BigDecimal) SqlFunctions.toBigDecimal((Number) v);
        case INT_VALUE:
          return (Integer) v;
        case LONG_VALUE:
          return (Long) v;
        case BOOLEAN:
          return (Boolean) v;
        case BYTES:
          return (ByteString) v;
        default:
          throw new AssertionError(this);
      }
    }

    /** The conversion of a value of {@code type}, or null for a type this class does not write. */
    static Conversion of(org.apache.calcite.rel.type.RelDataType type) {
      switch (type.getSqlTypeName()) {
        case CHAR:
        case VARCHAR:
          return TEXT;
        case BIGINT:
          return LONG;
        case INTEGER:
          return INT;
        case SMALLINT:
          return SHORT;
        case TINYINT:
          return BYTE;
        case DOUBLE:
        case FLOAT:
          return DOUBLE;
        case REAL:
          return FLOAT;
        case DECIMAL:
          return DECIMAL;
        case DATE:
        case TIME:
          return INT_VALUE;
        case TIMESTAMP:
          return LONG_VALUE;
        case BOOLEAN:
          return BOOLEAN;
        case BINARY:
        case VARBINARY:
          return BYTES;
        default:
          return null;
      }
    }
  }

  private final CellarTable table;
  private final ModifySpec spec;
  /** Per row, per column: the parameter's name ({@code ?N}), or null for NULL. */
  private final String[][] parameters;
  private final Conversion[][] conversions;

  private DirectInsert(CellarTable table, ModifySpec spec, String[][] parameters, Conversion[][] conversions) {
    this.table = table;
    this.spec = spec;
    this.parameters = parameters;
    this.conversions = conversions;
  }

  /** The direct form of {@code plan}, or null if it is not an INSERT of rows of parameters and NULLs. */
  public static DirectInsert of(RelNode plan) {
    if (!(plan instanceof CellarTableModify modify) || modify.getOperation() != TableModify.Operation.INSERT) {
      return null;
    }
    RelNode input = modify.getInput();
    List<RelNode> rows = input instanceof EnumerableUnion union && union.all ? union.getInputs() : List.of(input);
    String[][] parameters = new String[rows.size()][];
    Conversion[][] conversions = new Conversion[rows.size()][];
    for (int r = 0; r < rows.size(); r++) {
      if (!(rows.get(r) instanceof EnumerableCalc calc) || !(calc.getInput() instanceof EnumerableValues values)
          || values.getTuples().size() != 1 || calc.getProgram().getCondition() != null) {
        return null;
      }
      RexProgram program = calc.getProgram();
      List<RexLocalRef> projects = program.getProjectList();
      parameters[r] = new String[projects.size()];
      conversions[r] = new Conversion[projects.size()];
      for (int f = 0; f < projects.size(); f++) {
        RexNode e = program.expandLocalRef(projects.get(f));
        Conversion c = Conversion.of(e.getType());
        if (c == null) {
          return null;
        }
        if (e instanceof RexDynamicParam p) {
          parameters[r][f] = "?" + p.getIndex();
        } else if (!(e instanceof RexLiteral lit && lit.isNull())) {
          return null;
        }
        conversions[r][f] = c;
      }
    }
    return new DirectInsert(modify.cellarTable, modify.spec, parameters, conversions);
  }

  @Override
  public java.lang.reflect.Type getElementType() {
    return long.class;
  }

  @Override
  public Enumerable<Long> bind(DataContext root) {
    Object batch = root.get(ParameterSets.KEY);
    if (batch instanceof ParameterSets sets && sets.size() > 1 && writesSetsTogether(root)) {
      List<Object> rows = new ArrayList<>(parameters.length * sets.size());
      sets.attempt();
      try {
        for (int k = 0; k < sets.size(); k++) {
          sets.select(k);
          addRows(root, rows);
        }
      } finally {
        sets.select(0);
      }
      Enumerable<Long> count = table.modify(root, Linq4j.asEnumerable(rows), false, spec);
      sets.ranWhole(parameters.length);
      return count;
    }
    List<Object> rows = new ArrayList<>(parameters.length);
    addRows(root, rows);
    return table.modify(root, Linq4j.asEnumerable(rows), false, spec);
  }

  /** Whether the rows of a batch's sets may be written as one statement (see the class comment). */
  private boolean writesSetsTogether(DataContext root) {
    CellarStore store = table.store(root);
    return !table.def().hiddenKey()
        && (spec.upsert() || table.def().isMapped() || !store.sharedAcrossProcesses() || store.atomicMultiRowBatches());
  }

  private void addRows(DataContext root, List<Object> out) {
    for (int r = 0; r < parameters.length; r++) {
      String[] names = parameters[r];
      Object[] row = new Object[names.length];
      for (int f = 0; f < names.length; f++) {
        row[f] = names[f] == null ? null : conversions[r][f].apply(root.get(names[f]));
      }
      out.add(row);
    }
  }
}
