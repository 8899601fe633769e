package dev.cellar.sql.schema;

import com.google.common.collect.ImmutableMultimap;
import com.google.common.collect.Multimap;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.ViewDef;
import dev.cellar.sql.prepare.CellarSession;
import java.util.List;
import java.util.Map;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * The schema {@value Catalog#DEFAULT_SCHEMA} of one connection: the catalog's tables (shared
 * {@link CellarTable}s) and views (view macros over this connection's schema; a view whose query
 * no longer validates is a {@link BrokenView}, which only its readers see fail). It always answers
 * from the catalog as it is now, so DDL of any connection is visible at once; Calcite's own
 * caching of it is turned off by {@link CellarSchemaFactory}.
 */
public final class CellarSchema extends AbstractSchema {
  private record Views(long version, ImmutableMultimap<String, Function> macros) {}

  private final CellarSession session;
  private SchemaPlus self;
  private volatile Views views = new Views(-1, ImmutableMultimap.of());

  CellarSchema(CellarSession session) {
    this.session = session;
  }

  public CellarSession session() {
    return session;
  }

  void attached(SchemaPlus self) {
    this.self = self;
  }

  @Override
  protected Map<String, Table> getTableMap() {
    session.database().checkOpen();
    return TableCache.of(session.database()).tables();
  }

  @Override
  protected Multimap<String, Function> getFunctionMultimap() {
    Catalog.Snapshot snap = session.database().catalog().snapshot();
    Views v = views;
    if (v.version != snap.version()) {
      ImmutableMultimap.Builder<String, Function> b = ImmutableMultimap.builder();
      for (ViewDef d : snap.views().values()) {
        b.put(d.name(), BrokenView.guard(d.name(), new CellarViewMacro(CalciteSchema.from(self), viewSql(d),
            List.of(Catalog.DEFAULT_SCHEMA), List.of(Catalog.DEFAULT_SCHEMA, d.name()))));
      }
      v = new Views(snap.version(), b.build());
      views = v;
    }
    return v.macros;
  }

  /** The view's query, renaming its columns if the view names them. */
  static String viewSql(ViewDef d) {
    if (d.columnNames().isEmpty()) {
      return d.query();
    }
    StringBuilder sb = new StringBuilder("SELECT * FROM (").append(d.query()).append(") AS \"$V\" (");
    for (int i = 0; i < d.columnNames().size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append('"').append(d.columnNames().get(i).replace("\"", "\"\"")).append('"');
    }
    return sb.append(')').toString();
  }

  @Override
  public boolean isMutable() {
    return true;
  }
}
