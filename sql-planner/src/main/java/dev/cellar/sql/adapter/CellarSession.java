package dev.cellar.sql.adapter;

import dev.cellar.sql.CellarDatabase;
import dev.cellar.sql.catalog.Catalog;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;

/**
 * What one connection keeps besides Calcite's own state: its database and its plan cache.
 * Found from a prepare context through the connection's {@link CellarSchema}.
 */
public final class CellarSession {
  private final CellarDatabase db;
  private final PlanCache plans;
  private final long currentScn;

  CellarSession(CellarDatabase db, int planCacheSize, long currentScn) {
    this.db = db;
    this.plans = new PlanCache(planCacheSize);
    this.currentScn = currentScn;
  }

  /**
   * The connection's {@code currentScn}: it reads only cells with a timestamp before it and
   * writes nothing; -1 for a connection that reads the latest data.
   */
  public long currentScn() {
    return currentScn;
  }

  public CellarDatabase database() {
    return db;
  }

  PlanCache plans() {
    return plans;
  }

  /** Plans served from the cache. */
  public long planCacheHits() {
    return plans.hits();
  }

  /** Statements prepared because no fresh plan was cached. */
  public long planCacheMisses() {
    return plans.misses();
  }

  /** The session of the connection a prepare context belongs to, or {@code null}. */
  static CellarSession of(CalcitePrepare.Context context) {
    CalciteSchema root = context.getRootSchema();
    CalciteSchema s = root.getSubSchema(Catalog.DEFAULT_SCHEMA, true);
    return s != null && s.schema instanceof CellarSchema cs ? cs.session() : null;
  }
}
