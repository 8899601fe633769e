package dev.cellar.sql.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cellar.sql.codec.KeyLayout;
import dev.cellar.sql.codec.ValueFormat;
import dev.cellar.storage.Bytes;
import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes catalog records: one JSON document per table or view, in the layout of
 * {@code sql-planner/docs/catalog-format.md}. Unknown fields are ignored on read, so newer
 * fields may be added without a new format number as long as ignoring them cannot change how
 * data is read.
 */
final class CatalogCodec {
  /** Version of the record layout; never reuse a number for a different layout. */
  static final int FORMAT = 1;
  /**
   * Format of the record of a mapped table: format 1 plus {@code mapping} and column
   * {@code format} fields, which change how the table's bytes are read, so a reader of format 1
   * alone must refuse the record rather than ignore them.
   */
  static final int FORMAT_MAPPED = 2;
  /**
   * Format of the record of a mapped table with a dynamic family: format 2 plus the mapping's
   * {@code dynamicFamily} and {@code qualifierColumn}, which a format-2 reader must not ignore.
   */
  static final int FORMAT_DYNAMIC = 3;
  /**
   * Format of the record of a table with a {@code ROW_TIMESTAMP} column (column field
   * {@code rowTimestamp}, no family) or a mapping that reads several versions (mapping field
   * {@code readVersions}): formats 1 to 3 plus those fields, which a reader of formats 1 to 3
   * must not ignore. Its {@code mapping}, when present, is read as in formats 2 and 3.
   */
  static final int FORMAT_TIME = 4;
  /** Format of an index record (kind {@code "index"}), which readers before it do not know. */
  static final int FORMAT_INDEX = 5;
  /**
   * Format of the record of a table two of whose columns have the same name in different
   * families ({@code a.v}, {@code b.v}): format 4's fields, read as in format 4, but column names
   * that are unique only with their families, which a reader before it would take for one column.
   */
  static final int FORMAT_FAMILIES = 6;
  /** The newest format this version reads. */
  static final int LATEST = FORMAT_FAMILIES;

  private static final ObjectMapper JSON = new ObjectMapper();

  private CatalogCodec() {}

  static byte[] encodeTable(TableDef t) {
    ObjectNode n = JSON.createObjectNode();
    boolean time = t.rowTimestampColumn() != null || t.readsVersions();
    n.put("format", t.sharesQualifiers() ? FORMAT_FAMILIES : time ? FORMAT_TIME : t.isDynamic() ? FORMAT_DYNAMIC
        : t.isMapped() ? FORMAT_MAPPED : FORMAT);
    n.put("kind", "table");
    n.put("schema", t.schema());
    n.put("name", t.name());
    n.put("storage", t.storageName());
    n.put("keyFormat", t.keyFormatVersion());
    n.put("hiddenKey", t.hiddenKey());
    n.put("saltBuckets", t.saltBuckets());
    ArrayNode splits = n.putArray("splitPoints");
    t.splitPoints().forEach(splits::add);
    n.put("defaultFamily", t.defaultFamily());
    n.put("markerFamily", t.markerFamily());
    ObjectNode opts = n.putObject("options");
    t.options().forEach(opts::put);
    if (t.isMapped()) {
      TableDef.Mapping m = t.mapping();
      ObjectNode mn = n.putObject("mapping");
      mn.put("keyLayout", m.keyLayout().name());
      if (m.keySeparator() != null) {
        mn.put("keySeparator", m.keySeparator());
      }
      mn.put("valueFormat", m.valueFormat().name());
      mn.put("readOnly", m.readOnly());
      mn.put("badValues", m.badValuesAsNull() ? "NULL" : "ERROR");
      if (m.dynamicFamily() != null) {
        mn.put("dynamicFamily", m.dynamicFamily());
        mn.put("qualifierColumn", m.qualifierColumn());
      }
      if (m.readVersions() > 1) {
        mn.put("readVersions", m.readVersions());
      }
    }
    ArrayNode cols = n.putArray("columns");
    for (ColumnDef c : t.columns()) {
      ObjectNode cn = cols.addObject();
      cn.put("name", c.qualifier());
      cn.put("type", c.type().sql());
      cn.put("nullable", c.nullable());
      if (c.isKey()) {
        cn.put("key", c.keyPosition());
        cn.put("desc", c.descending());
      } else if (c.rowTimestamp()) {
        cn.put("rowTimestamp", true);
      } else {
        cn.put("family", c.family());
      }
      if (c.format() != null) {
        cn.put("format", c.format().name());
      }
    }
    return write(n);
  }

  static byte[] encodeView(ViewDef v) {
    ObjectNode n = JSON.createObjectNode();
    n.put("format", FORMAT);
    n.put("kind", "view");
    n.put("schema", v.schema());
    n.put("name", v.name());
    n.put("query", v.query());
    ArrayNode cols = n.putArray("columns");
    v.columnNames().forEach(cols::add);
    return write(n);
  }

  static byte[] encodeIndex(IndexDef ix) {
    ObjectNode n = JSON.createObjectNode();
    n.put("format", FORMAT_INDEX);
    n.put("kind", "index");
    n.put("schema", ix.schema());
    n.put("name", ix.name());
    n.put("table", ix.table());
    n.put("layout", ix.layout().name());
    n.put("storage", ix.storageName());
    n.put("family", ix.family());
    n.put("unique", ix.unique());
    n.put("state", ix.state().name());
    if (ix.error() != null) {
      n.put("error", ix.error());
    }
    ArrayNode cols = n.putArray("columns");
    for (IndexDef.Part p : ix.columns()) {
      ObjectNode cn = cols.addObject();
      cn.put("column", p.column());
      cn.put("desc", p.descending());
      if (p.isExpression()) {
        cn.put("expression", p.expression());
      }
    }
    ArrayNode inc = n.putArray("include");
    ix.include().forEach(inc::add);
    return write(n);
  }

  private static IndexDef decodeIndex(byte[] row, JsonNode n) {
    List<IndexDef.Part> parts = new ArrayList<>();
    for (JsonNode c : n.path("columns")) {
      parts.add(new IndexDef.Part(text(row, c, "column"), c.path("desc").asBoolean(false),
          c.hasNonNull("expression") ? c.get("expression").asText() : null));
    }
    List<String> include = new ArrayList<>();
    n.path("include").forEach(c -> include.add(c.asText()));
    try {
      return new IndexDef(text(row, n, "schema"), text(row, n, "name"), text(row, n, "table"),
          IndexDef.Layout.valueOf(text(row, n, "layout")), text(row, n, "storage"), text(row, n, "family"), parts,
          include, n.path("unique").asBoolean(false), IndexDef.State.valueOf(text(row, n, "state")),
          n.hasNonNull("error") ? n.get("error").asText() : null);
    } catch (IllegalArgumentException e) {
      throw corrupt(row, "is not a valid index: " + e.getMessage());
    }
  }

  /** Decodes a table, view or index record. */
  static Object decode(byte[] row, byte[] value) {
    JsonNode n;
    try {
      n = JSON.readTree(value);
    } catch (java.io.IOException e) {
      throw corrupt(row, "is not JSON: " + e.getMessage());
    }
    int written = n.path("format").asInt(-1);
    if (written < FORMAT || written > LATEST) {
      throw corrupt(row, "has record format " + written + "; this version reads formats " + FORMAT + " to " + LATEST);
    }
    if (written == FORMAT_FAMILIES && !"table".equals(n.path("kind").asText())) {
      throw corrupt(row, "has kind '" + n.path("kind").asText() + "' in record format " + written);
    }
    // a table whose columns share names across families reads as format 4
    int format = written == FORMAT_FAMILIES ? FORMAT_TIME : written;
    String kind = text(row, n, "kind");
    if (format == FORMAT_INDEX || kind.equals("index")) {
      if (format != FORMAT_INDEX || !kind.equals("index")) {
        throw corrupt(row, "has kind '" + kind + "' in record format " + format);
      }
      return decodeIndex(row, n);
    }
    if (kind.equals("view")) {
      List<String> names = new ArrayList<>();
      n.path("columns").forEach(c -> names.add(c.asText()));
      return new ViewDef(text(row, n, "schema"), text(row, n, "name"), text(row, n, "query"), names);
    }
    if (!kind.equals("table")) {
      throw corrupt(row, "has unknown kind '" + kind + "'");
    }
    List<ColumnDef> cols = new ArrayList<>();
    for (JsonNode c : n.path("columns")) {
      boolean key = c.has("key");
      ValueFormat cf = format >= FORMAT_MAPPED && c.has("format") ? valueFormat(row, c.get("format").asText()) : null;
      if (format == FORMAT_TIME && !key && c.path("rowTimestamp").asBoolean(false)) {
        try {
          cols.add(ColumnDef.rowTimestamp(text(row, c, "name"), ColumnType.parse(text(row, c, "type")),
              c.path("nullable").asBoolean(true)));
        } catch (IllegalArgumentException e) {
          throw corrupt(row, "has an invalid row timestamp column: " + e.getMessage());
        }
        continue;
      }
      cols.add(new ColumnDef(text(row, c, "name"), ColumnType.parse(text(row, c, "type")),
          c.path("nullable").asBoolean(true) && !key, key ? null : text(row, c, "family"),
          key ? c.get("key").asInt() : -1, c.path("desc").asBoolean(false), cf));
    }
    List<String> splits = new ArrayList<>();
    n.path("splitPoints").forEach(s -> splits.add(s.asText()));
    Map<String, String> options = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = n.path("options").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      options.put(e.getKey(), e.getValue().asText());
    }
    int keyFormat = n.path("keyFormat").asInt(1);
    TableDef.Mapping mapping = null;
    if (format == FORMAT_MAPPED || format == FORMAT_DYNAMIC || format == FORMAT_TIME && n.has("mapping")) {
      JsonNode m = n.path("mapping");
      KeyLayout layout;
      try {
        layout = KeyLayout.valueOf(text(row, m, "keyLayout"));
      } catch (IllegalArgumentException e) {
        throw corrupt(row, "has unknown key layout '" + m.get("keyLayout").asText() + "'");
      }
      String badValues = m.path("badValues").asText("ERROR");
      if (!badValues.equals("ERROR") && !badValues.equals("NULL")) {
        throw corrupt(row, "has unknown badValues '" + badValues + "'");
      }
      boolean dynamic = format == FORMAT_DYNAMIC || format == FORMAT_TIME && m.has("dynamicFamily");
      try {
        mapping = new TableDef.Mapping(layout, m.has("keySeparator") ? m.get("keySeparator").asText() : null,
            valueFormat(row, text(row, m, "valueFormat")), m.path("readOnly").asBoolean(false),
            badValues.equals("NULL"), dynamic ? text(row, m, "dynamicFamily") : null,
            dynamic ? text(row, m, "qualifierColumn") : null,
            format == FORMAT_TIME ? m.path("readVersions").asInt(1) : 1);
      } catch (IllegalArgumentException e) {
        throw corrupt(row, "has an invalid mapping: " + e.getMessage());
      }
    }
    if (keyFormat != (mapping == null ? 1 : TableDef.MAPPED_KEY_FORMAT)) {
      throw corrupt(row, "has key format " + keyFormat + (mapping == null ? " without" : " with")
          + " a mapping; this version reads key format 1, and " + TableDef.MAPPED_KEY_FORMAT + " for mapped tables");
    }
    return new TableDef(text(row, n, "schema"), text(row, n, "name"), text(row, n, "storage"), cols,
        n.path("saltBuckets").asInt(0), splits, text(row, n, "defaultFamily"), text(row, n, "markerFamily"),
        n.path("hiddenKey").asBoolean(false), keyFormat, options, mapping);
  }

  private static ValueFormat valueFormat(byte[] row, String name) {
    try {
      return ValueFormat.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw corrupt(row, "has unknown value format '" + name + "'");
    }
  }

  private static String text(byte[] row, JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw corrupt(row, "lacks field '" + field + "'");
    }
    return v.asText();
  }

  private static CellarSqlException corrupt(byte[] row, String what) {
    return new CellarSqlException(SqlState.DATA_CORRUPTED,
        "catalog record '" + Bytes.toStringBinary(row) + "' in table " + Catalog.TABLE + " " + what);
  }

  private static byte[] write(ObjectNode n) {
    try {
      return JSON.writeValueAsBytes(n);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write catalog record", e);
    }
  }
}
