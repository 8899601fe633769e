package dev.cellar.sql.rel;

import dev.cellar.sql.keyrange.AccessPath;
import java.lang.reflect.Method;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.tree.Types;

/** The runtime methods that generated code calls. */
public enum CellarMethod {
  /** {@link CellarTable#query}. */
  QUERY(CellarTable.class, "query", DataContext.class, AccessPath.class, int[].class, boolean.class, Object[].class),
  /** {@link CellarTable#aggregate}. */
  AGGREGATE(CellarTable.class, "aggregate", DataContext.class, AccessPath.class, int[].class, java.util.List.class,
      boolean.class, Object[].class),
  /** {@link CellarTable#modify}. */
  MODIFY(CellarTable.class, "modify", DataContext.class, Enumerable.class, boolean.class, ModifySpec.class);

  final Method method;

  CellarMethod(Class<?> clazz, String name, Class<?>... args) {
    this.method = Types.lookupMethod(clazz, name, args);
  }
}
