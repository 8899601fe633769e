package dev.cellar.sql.ddl;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import dev.cellar.sql.catalog.Catalog;
import dev.cellar.sql.catalog.TableDef;
import dev.cellar.sql.catalog.ViewDef;
import dev.cellar.sql.database.CellarDatabase;
import java.util.HashSet;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CREATE VIEW over a query (its columns checked by the {@link DdlExecutor.ViewValidator}), CREATE
 * VIEW mapping a store table ({@link Mappings}) and DROP VIEW, with the views that read a dropped
 * one ({@link ViewDependencies}). Called by {@link DdlExecutor} under the database's DDL lock.
 */
final class ViewDdl {
  private static final Logger LOG = LoggerFactory.getLogger(ViewDdl.class);

  private final CellarDatabase db;
  private final DdlExecutor.ViewValidator views;

  ViewDdl(CellarDatabase db, DdlExecutor.ViewValidator views) {
    this.db = db;
    this.views = views;
  }

  void createMapping(DdlStatement.CreateMapping s) {
    String name = DdlExecutor.checkSchema(s.view());
    Catalog.Snapshot cat = db.catalog().snapshot();
    if (cat.exists(name)) {
      if (s.ifNotExists()) {
        return;
      }
      throw new CellarSqlException(SqlState.TABLE_EXISTS, (cat.view(name) != null ? "a view" : "table") + " " + name
          + " exists already (" + s.view().at().position() + ")");
    }
    TableDef def = Mappings.define(db, s, name);
    db.catalog().putTable(def);
    LOG.debug("mapped view {} over store table {} in {}", name, def.storageName(), db.description());
  }

  void create(DdlStatement.CreateView s) {
    String name = DdlExecutor.checkSchema(s.view());
    Catalog.Snapshot cat = db.catalog().snapshot();
    if (cat.table(name) != null) {
      throw new CellarSqlException(SqlState.TABLE_EXISTS, "a table called " + name + " exists already ("
          + s.view().at().position() + ")");
    }
    if (cat.view(name) != null && !s.orReplace()) {
      if (s.ifNotExists()) {
        return;
      }
      throw new CellarSqlException(SqlState.TABLE_EXISTS, "view " + name + " exists already ("
          + s.view().at().position() + "); use CREATE OR REPLACE VIEW");
    }
    List<String> cols = views.columnNames(s.query());
    if (!s.columnNames().isEmpty() && s.columnNames().size() != cols.size()) {
      throw CellarSqlException.syntax("view " + name + " names " + s.columnNames().size() + " columns but its query "
          + "returns " + cols.size());
    }
    if (new HashSet<>(s.columnNames()).size() != s.columnNames().size()) {
      throw new CellarSqlException(SqlState.COLUMN_EXISTS, "view " + name + " names a column twice");
    }
    db.catalog().putView(new ViewDef(Catalog.DEFAULT_SCHEMA, name, s.query(), s.columnNames()));
  }

  void drop(DdlStatement.DropView s) {
    String name = DdlExecutor.checkSchema(s.view());
    Catalog.Snapshot cat = db.catalog().snapshot();
    TableDef mapped = cat.table(name);
    if (mapped != null && mapped.isMapped()) {
      new ViewDependencies(cat).dropReaders(db.catalog(), name, "view", s.cascade());
      db.catalog().removeTable(mapped.schema(), mapped.name());
      return;
    }
    if (cat.view(name) == null) {
      if (s.ifExists()) {
        return;
      }
      throw DdlExecutor.notFound(s.view(), cat.table(name) != null ? "; it is a table: use DROP TABLE" : "");
    }
    new ViewDependencies(cat).dropReaders(db.catalog(), name, "view", s.cascade());
    db.catalog().removeView(Catalog.DEFAULT_SCHEMA, name);
  }
}
