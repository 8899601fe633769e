package dev.cellar.sql.prepare;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataTypeSystem;

/**
 * The type factory of Cellar connections: Calcite's, except that character types default to
 * UTF-8 rather than Calcite's ISO-8859-1, so string literals, parameters and columns hold any
 * Unicode text ({@code '红狗 café'}, emoji). Cellar stores text as UTF-8 (see
 * {@code ValueCodec}), so the SQL type now says what the store holds.
 */
public final class CellarTypeFactory extends JavaTypeFactoryImpl {
  public CellarTypeFactory(RelDataTypeSystem typeSystem) {
    super(typeSystem);
  }

  @Override
  public Charset getDefaultCharset() {
    return StandardCharsets.UTF_8;
  }
}
