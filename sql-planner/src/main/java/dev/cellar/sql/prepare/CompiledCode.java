package dev.cellar.sql.prepare;

import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableInterpretable;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.tree.ClassDeclaration;
import org.apache.calcite.linq4j.tree.FieldDeclaration;
import org.apache.calcite.linq4j.tree.VisitorImpl;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.runtime.ArrayBindable;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.codehaus.commons.compiler.CompilerFactoryFactory;
import org.codehaus.commons.compiler.ISimpleCompiler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Java classes Calcite generates for plans, compiled once per distinct source and kept in a
 * bounded cache shared by every connection of the JVM ({@value #CAPACITY} classes, least
 * recently used first out). Calcite compiles every plan's source with Janino anew (tens of
 * milliseconds) unless a system property turns its own cache on; Cellar's preparation hands the
 * compilation here instead ({@link #handler}).
 *
 * <p>Two plans with the same source share one instance: what differs between statements
 * (tables, statement parameters, stashed objects) reaches the code through its data context, not
 * through the class. Sources that declare static fields are compiled every time, as Calcite
 * does, since such a field could hold one statement's state.
 */
final class CompiledCode {
  private static final Logger LOG = LoggerFactory.getLogger(CompiledCode.class);

  /** Compiled classes kept. */
  static final int CAPACITY = 512;

  private static final Map<String, Bindable<?>> CACHE = new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Bindable<?>> eldest) {
      return size() > CAPACITY;
    }
  };
  private static long hits;
  private static long compiled;

  private CompiledCode() {
  }

  /**
   * Calcite's hook for compiling a plan's code ({@code SparkHandler}), enabled only while
   * {@code fieldCount} is set: Calcite asks it whether it is enabled at other steps too, where it
   * must stay out of the way.
   */
  static final class Handler implements CalcitePrepare.SparkHandler {
    private final CalcitePrepare.SparkHandler calcite;
    private int fieldCount = -1;

    Handler(CalcitePrepare.SparkHandler calcite) {
      this.calcite = calcite;
    }

    /** Compiles through the cache while {@code body} runs, for a result of {@code fieldCount} columns. */
    <T> T compiling(int fieldCount, java.util.function.Supplier<T> body) {
      this.fieldCount = fieldCount;
      try {
        return body.get();
      } finally {
        this.fieldCount = -1;
      }
    }

    @Override
    public RelNode flattenTypes(RelOptPlanner planner, RelNode rootRel, boolean restructure) {
      return calcite.flattenTypes(planner, rootRel, restructure);
    }

    @Override
    public void registerRules(RuleSetBuilder builder) {
      calcite.registerRules(builder);
    }

    @Override
    public boolean enabled() {
      return fieldCount >= 0 || calcite.enabled();
    }

    @Override
    public ArrayBindable compile(ClassDeclaration expr, String s) {
      if (fieldCount < 0) {
        return calcite.compile(expr, s);
      }
      return asArrayBindable(bindable(expr, s, fieldCount));
    }

    @Override
    public Object sparkContext() {
      return calcite.sparkContext();
    }
  }

  /**
   * Drops every cached class: one of them failed to initialize (its static initializer ran out of
   * stack, or a constant in it failed), and the JVM would refuse it from then on.
   */
  static void clear() {
    synchronized (CACHE) {
      CACHE.clear();
    }
  }

  /** The compiled class of {@code body} (the members of {@code expr}), from the cache when there. */
  static Bindable<?> bindable(ClassDeclaration expr, String generated, int fieldCount) {
    String body = canonicalRecords(flatUnions(generated));
    String source = "public final class " + expr.name + " implements "
        + (fieldCount == 1 ? Bindable.class.getCanonicalName() + ", " + Typed.class.getCanonicalName()
            : ArrayBindable.class.getCanonicalName())
        + " {\n" + body + "\n}";
    boolean cacheable = !hasStaticField(expr);
    if (cacheable) {
      synchronized (CACHE) {
        Bindable<?> b = CACHE.get(source);
        if (b != null) {
          hits++;
          return b;
        }
      }
    }
    Bindable<?> b = compile(expr.name, source);
    synchronized (CACHE) {
      compiled++;
      if (cacheable) {
        CACHE.put(source, b);
      }
    }
    return b;
  }

  /** A chain of two or more {@code concat}s of the inputs of a UNION ALL. */
  private static final Pattern CONCAT_CHAIN =
      Pattern.compile("\\b(child\\d*)((?:\\.concat\\(child\\d*\\)){2,})");
  private static final Pattern CONCAT = Pattern.compile("\\.concat\\((child\\d*)\\)");

  /**
   * {@code body} with each chain {@code child0.concat(child1).concat(child2)...} of a UNION ALL's
   * inputs made one concatenation of them all ({@code Linq4j.concat} of the list): the chain
   * nests one enumerator per input, so that every row of the first input passed through all of
   * them, which for the thousand inputs of a multi-row {@code VALUES} with parameters took more
   * time than writing the rows. Same rows, same order.
   */
  static String flatUnions(String body) {
    if (!body.contains(".concat(child")) {
      return body;
    }
    return CONCAT_CHAIN.matcher(body).replaceAll(chain -> {
      StringBuilder out = new StringBuilder("org.apache.calcite.linq4j.Linq4j.concat(java.util.Arrays.asList("
          + "new org.apache.calcite.linq4j.Enumerable[] {").append(chain.group(1));
      Matcher m = CONCAT.matcher(chain.group(2));
      while (m.find()) {
        out.append(", ").append(m.group(1));
      }
      return Matcher.quoteReplacement(out.append("}))").toString());
    });
  }

  private static final Pattern RECORD = Pattern.compile("public static class (Record\\d+_\\d+) ");

  /**
   * {@code body} with the record classes it declares named by their order in it: Calcite names
   * them by how many such types the connection made before, so the same plan's code would
   * differ from one connection to another. Unchanged if a name also appears in a string.
   */
  static String canonicalRecords(String body) {
    Matcher m = RECORD.matcher(body);
    Map<String, String> names = new LinkedHashMap<>();
    while (m.find()) {
      names.putIfAbsent(m.group(1), "Rec" + names.size() + "_");
    }
    if (names.isEmpty()) {
      return body;
    }
    for (String name : names.keySet()) {
      if (Pattern.compile("\"[^\"\\n]*" + name).matcher(body).find()) {
        return body;
      }
    }
    Matcher use = Pattern.compile("\\b(" + String.join("|", names.keySet()) + ")\\b").matcher(body);
    return use.replaceAll(r -> names.get(r.group(1)));
  }

  private static Bindable<?> compile(String className, String source) {
    ClassLoader loader = EnumerableInterpretable.class.getClassLoader();
    try {
      ISimpleCompiler compiler = CompilerFactoryFactory.getDefaultCompilerFactory(loader).newSimpleCompiler();
      compiler.setParentClassLoader(loader);
      compiler.cook(source);
      return (Bindable<?>) compiler.getClassLoader().loadClass(className).getDeclaredConstructors()[0].newInstance();
    } catch (Exception e) {
      LOG.debug("generated code that did not compile:\n{}", source);
      throw new IllegalStateException("generated code did not compile: " + e.getMessage(), e);
    }
  }

  private static boolean hasStaticField(ClassDeclaration expr) {
    boolean[] found = {false};
    expr.accept(new VisitorImpl<Void>() {
      @Override
      public Void visit(FieldDeclaration field) {
        found[0] |= (field.modifier & Modifier.STATIC) != 0;
        return found[0] ? null : super.visit(field);
      }
    });
    return found[0];
  }

  /**
   * {@code b} as the {@link ArrayBindable} the hook must return, its element type and rows
   * unchanged: Calcite asks a single-column plan's code for its element type and reads its rows
   * as they are.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static ArrayBindable asArrayBindable(Bindable<?> b) {
    if (b instanceof ArrayBindable ab) {
      return ab;
    }
    return new ArrayBindable() {
      @Override
      public Class<Object[]> getElementType() {
        return (Class) ((Typed) b).getElementType();
      }

      @Override
      public Enumerable<Object[]> bind(DataContext dataContext) {
        return (Enumerable) b.bind(dataContext);
      }
    };
  }

  /** Plans whose code came from the cache. */
  static long hits() {
    synchronized (CACHE) {
      return hits;
    }
  }

  /** Classes compiled. */
  static long compiled() {
    synchronized (CACHE) {
      return compiled;
    }
  }

  /** A context for a statement's preparation whose compilation goes through {@link Handler}. */
  static CalcitePrepare.Context withHandler(CalcitePrepare.Context c, Handler handler) {
    return new CalcitePrepare.Context() {
      @Override
      public org.apache.calcite.adapter.java.JavaTypeFactory getTypeFactory() {
        return c.getTypeFactory();
      }

      @Override
      public org.apache.calcite.jdbc.CalciteSchema getRootSchema() {
        return c.getRootSchema();
      }

      @Override
      public org.apache.calcite.jdbc.CalciteSchema getMutableRootSchema() {
        return c.getMutableRootSchema();
      }

      @Override
      public java.util.List<String> getDefaultSchemaPath() {
        return c.getDefaultSchemaPath();
      }

      @Override
      public org.apache.calcite.config.CalciteConnectionConfig config() {
        return c.config();
      }

      @Override
      public CalcitePrepare.SparkHandler spark() {
        return handler;
      }

      @Override
      public DataContext getDataContext() {
        return c.getDataContext();
      }

      @Override
      public java.util.List<String> getObjectPath() {
        return c.getObjectPath();
      }

      @Override
      public org.apache.calcite.tools.RelRunner getRelRunner() {
        return c.getRelRunner();
      }
    };
  }
}
