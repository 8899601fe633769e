package dev.cellar.sql.ddl;

import dev.cellar.sql.catalog.ColumnType;
import dev.cellar.sql.codec.ValueFormat;
import java.util.List;

/** The DDL statements Cellar understands, as {@link DdlParser} produces them. */
public sealed interface DdlStatement {

  /** {@code [schema.]name} and where it was written. */
  record Name(String schema, String name, Token at) {
    @Override
    public String toString() {
      return schema == null ? name : schema + "." + name;
    }
  }

  /**
   * A column definition: {@code [family.]name type [NOT NULL] [PRIMARY KEY [ASC|DESC]]}.
   *
   * @param family the family written before the name, or {@code null}
   * @param notNull whether {@code NOT NULL} was written
   * @param primaryKey whether an inline {@code PRIMARY KEY} was written
   * @param descending whether the inline primary key is {@code DESC}
   * @param format the {@code FORMAT STRING | BYTES} written after the type, or {@code null}
   * @param rowTimestamp whether {@code ROW_TIMESTAMP} was written on a column outside the primary key
   */
  record Column(String family, String name, ColumnType type, boolean notNull, boolean primaryKey, boolean descending,
      ValueFormat format, Token at, boolean rowTimestamp) {
    /** A column without {@code ROW_TIMESTAMP}. */
    Column(String family, String name, ColumnType type, boolean notNull, boolean primaryKey, boolean descending,
        ValueFormat format, Token at) {
      this(family, name, type, notNull, primaryKey, descending, format, at, false);
    }
  }

  /** One column of a {@code PRIMARY KEY (...)} constraint. */
  record KeyPart(String name, boolean descending, Token at) {}

  /**
   * A table option {@code [family.]NAME = value}.
   *
   * @param family the family it is qualified with, or {@code null}
   * @param name option name, upper case
   * @param value its value as text (a string literal's content, a number, a word)
   */
  record Option(String family, String name, String value, Token at) {
    @Override
    public String toString() {
      return (family == null ? "" : family + ".") + name;
    }
  }

  /** {@code CREATE TABLE}. {@code primaryKey} is empty when no constraint clause was written. */
  record CreateTable(Name table, boolean ifNotExists, List<Column> columns, List<KeyPart> primaryKey, Token keyAt,
      List<Option> options, List<Token> splitPoints) implements DdlStatement {}

  /** {@code ALTER TABLE t ADD [IF NOT EXISTS] column, ... [options]}. */
  record AddColumns(Name table, boolean ifNotExists, List<Column> columns, List<Option> options)
      implements DdlStatement {}

  /** {@code ALTER TABLE t DROP COLUMN [IF EXISTS] c, ...}. */
  record DropColumns(Name table, boolean ifExists, List<Token> columns) implements DdlStatement {}

  /** {@code ALTER TABLE t SET option, ...}. */
  record SetOptions(Name table, List<Option> options) implements DdlStatement {}

  /** {@code DROP TABLE [IF EXISTS] t [CASCADE]}: with {@code CASCADE}, the views that read it too. */
  record DropTable(Name table, boolean ifExists, boolean cascade) implements DdlStatement {}

  /** {@code CREATE [OR REPLACE] VIEW [IF NOT EXISTS] v [(c, ...)] AS query}. */
  record CreateView(Name view, boolean orReplace, boolean ifNotExists, List<String> columnNames, String query,
      Token queryAt) implements DdlStatement {}

  /**
   * {@code CREATE VIEW [IF NOT EXISTS] v (column, ... [CONSTRAINT pk PRIMARY KEY (...)]) [option, ...]}:
   * a table mapped over a store table written elsewhere (Phoenix's view over an HBase table).
   */
  record CreateMapping(Name view, boolean ifNotExists, List<Column> columns, List<KeyPart> primaryKey, Token keyAt,
      List<Option> options) implements DdlStatement {}

  /** {@code DROP VIEW [IF EXISTS] v [CASCADE]}: with {@code CASCADE}, the views that read it too. */
  record DropView(Name view, boolean ifExists, boolean cascade) implements DdlStatement {}

  /**
   * {@code CREATE [UNIQUE] [LOCAL] INDEX [IF NOT EXISTS] i ON t (c [ASC|DESC], ...) [INCLUDE (c, ...)]
   * [ASYNC] [option, ...]}.
   *
   * @param local whether {@code LOCAL} was written: entries in a family of the data table
   * @param async whether {@code ASYNC} was written: the statement returns while the index builds
   */
  record CreateIndex(Name index, boolean unique, boolean local, boolean ifNotExists, Name table, List<IndexItem> columns,
      List<Token> include, boolean async, List<Option> options) implements DdlStatement {}

  /**
   * One item of {@code CREATE INDEX ... (item, ...)}: a column, or an expression over the
   * table's columns ({@code UPPER(name)}).
   *
   * @param column the column's name, or {@code null} for an expression
   * @param expression the expression as written, or {@code null} for a column
   */
  record IndexItem(String column, String expression, boolean descending, Token at) {}

  /** {@code DROP INDEX [IF EXISTS] i [ON t]}. */
  record DropIndex(Name index, boolean ifExists, Name table) implements DdlStatement {}

  /** {@code ALTER INDEX [IF EXISTS] i ON t REBUILD | VERIFY | REPAIR}. */
  record AlterIndex(Name index, boolean ifExists, Name table, String action) implements DdlStatement {}

  /**
   * {@code CREATE SEQUENCE [IF NOT EXISTS] s [START [WITH] n] [INCREMENT [BY] n] [MINVALUE n]
   * [MAXVALUE n] [CYCLE] [CACHE n]}; a setting not written is {@code null}.
   */
  record CreateSequence(Name sequence, boolean ifNotExists, Long start, Long increment, Long min, Long max,
      boolean cycle, Long cache) implements DdlStatement {}

  /** {@code DROP SEQUENCE [IF EXISTS] s}. */
  record DropSequence(Name sequence, boolean ifExists) implements DdlStatement {}

  /**
   * An admin verb on a table's regions: {@code ALTER TABLE t FLUSH}, {@code COMPACT [MAJOR]},
   * {@code SPLIT [AT (value, ...)]} ({@link AdminVerbs}).
   *
   * @param verb {@code FLUSH}, {@code COMPACT}, {@code COMPACT MAJOR} or {@code SPLIT}
   * @param splitAt the key values of {@code SPLIT AT}, in key order; empty for the other verbs and a
   *     {@code SPLIT} at each region's middle
   */
  record AdminVerb(Name table, String verb, List<Token> splitAt, Token at) implements DdlStatement {}

  /** {@code UPDATE STATISTICS t [ALL | INDEX | COLUMNS]} (Phoenix). */
  record UpdateStatistics(Name table) implements DdlStatement {}
}
