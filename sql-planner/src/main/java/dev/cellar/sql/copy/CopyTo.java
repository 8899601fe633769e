package dev.cellar.sql.copy;

import dev.cellar.sql.codec.KeyType;
import dev.cellar.sql.database.CellarDatabase;
import dev.cellar.sql.database.Operations;
import dev.cellar.sql.exec.Cancellation;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Exports rows to a CSV or JSON-lines file (UTF-8): {@code COPY t|(query) TO 'file'} and
 * {@code cellar export}. Rows are written as they come (streaming); each value is the text the
 * load reads back as the same value ({@link FieldConverter}), so an export loaded into a table
 * of the same columns gives every value back exactly.
 */
public final class CopyTo {
  private CopyTo() {}

  /**
   * Writes {@code rows} to {@code file}, replacing it.
   *
   * @param table the table exported, or null for a query (for the list of operations)
   * @param names the columns' names
   * @param types the columns' types, as {@link #keyType} gives them
   * @return rows written
   */
  public static long run(CellarDatabase db, String table, List<String> names, List<KeyType> types,
      Iterable<Object[]> rows, CopyOptions options, Path file, Cancellation cancel) {
    FieldConverter[] converters = new FieldConverter[names.size()];
    for (int i = 0; i < converters.length; i++) {
      converters[i] = new FieldConverter(names.get(i), types.get(i), options);
    }
    long n = 0;
    try (Operations.Operation op = Operations.of(db).start("EXPORT", table, file.toString(), -1, null);
        RecordWriter out = RecordWriter.of(new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file),
            StandardCharsets.UTF_8), 1 << 16), options, names, converters)) {
      for (Object[] row : rows) {
        out.write(row);
        n++;
        if ((n & 1023) == 0) {
          cancel.check();
          op.advance(1024);
        }
      }
    } catch (IOException e) {
      throw CopyFiles.cannotWrite(file, e);
    }
    return n;
  }

  /** The codec type of values of SQL type {@code t}, or null for a type it has none of (written as text). */
  public static KeyType keyType(SqlTypeName t) {
    switch (t) {
      case BOOLEAN:
        return KeyType.BOOLEAN;
      case TINYINT:
        return KeyType.TINYINT;
      case SMALLINT:
        return KeyType.SMALLINT;
      case INTEGER:
        return KeyType.INTEGER;
      case BIGINT:
        return KeyType.BIGINT;
      case DECIMAL:
        return KeyType.DECIMAL;
      case REAL:
        return KeyType.REAL;
      case FLOAT:
      case DOUBLE:
        return KeyType.DOUBLE;
      case CHAR:
        return KeyType.CHAR;
      case VARCHAR:
        return KeyType.VARCHAR;
      case BINARY:
        return KeyType.BINARY;
      case VARBINARY:
        return KeyType.VARBINARY;
      case DATE:
        return KeyType.DATE;
      case TIME:
        return KeyType.TIME;
      case TIMESTAMP:
        return KeyType.TIMESTAMP;
      default:
        return null;
    }
  }
}
