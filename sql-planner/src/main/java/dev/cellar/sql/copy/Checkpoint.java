package dev.cellar.sql.copy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Properties;

/**
 * How far a load of one file has committed, kept in a small file beside it
 * ({@code data.csv.cellar-load}) after every committed chunk, so that a load stopped part way
 * (killed, or failed past its reject limit) and started again skips what is already in the
 * table. It names the file by its size and modification time, and the table: a changed file or
 * another table starts from the beginning. Removed when the load ends.
 */
final class Checkpoint {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Checkpoint.class);
  /** The suffix of checkpoint files. */
  static final String SUFFIX = ".cellar-load";

  private final Path path;
  private final String identity;
  private boolean broken;
  /** Records (good and bad) committed. */
  long records;
  /** Rows loaded. */
  long loaded;
  /** Rows rejected. */
  long rejected;
  /** The last line committed. */
  long line;
  /**
   * For a table without a primary key, the first of the row ids reserved for the chunk being
   * written after the committed records (-1: none): written again after a crash, the chunk's rows
   * get the same keys and replace themselves.
   */
  long pendingIds = -1;
  /** Records of that chunk. */
  int pendingRecords;

  private Checkpoint(Path path, String identity) {
    this.path = path;
    this.identity = identity;
  }

  /** The checkpoint of loading {@code file} into {@code table}: what it recorded, or nothing committed. */
  static Checkpoint of(Path file, String table, CopyOptions options) {
    Path path = file.resolveSibling(file.getFileName() + SUFFIX);
    String identity;
    try {
      identity = table + "|" + options.format() + "|" + Files.size(file) + "|"
          + Files.getLastModifiedTime(file).toMillis();
    } catch (IOException e) {
      throw CopyFiles.cannotRead(file, e);
    }
    Checkpoint c = new Checkpoint(path, identity);
    if (Files.isRegularFile(path)) {
      Properties p = new Properties();
      try (var in = Files.newInputStream(path)) {
        p.load(in);
        if (identity.equals(p.getProperty("file"))) {
          c.records = Long.parseLong(p.getProperty("records", "0"));
          c.loaded = Long.parseLong(p.getProperty("loaded", "0"));
          c.rejected = Long.parseLong(p.getProperty("rejected", "0"));
          c.line = Long.parseLong(p.getProperty("line", "0"));
          c.pendingIds = Long.parseLong(p.getProperty("pendingIds", "-1"));
          c.pendingRecords = Integer.parseInt(p.getProperty("pendingRecords", "0"));
          LOG.info("resuming the load of {} into {} after line {} ({} rows loaded before)", file, table, c.line,
              c.loaded);
        } else {
          LOG.info("checkpoint {} is of another file or table; loading {} from the start", path, file);
        }
      } catch (IOException | NumberFormatException e) {
        LOG.warn("checkpoint {} cannot be read ({}); loading {} from the start", path, e.toString(), file);
      }
    }
    return c;
  }

  /** Whether a load is resumed: records were committed before. */
  boolean resumed() {
    return records > 0 || pendingIds >= 0;
  }

  /** Records that {@code records} records are committed, {@code line} the last line. */
  void save() {
    if (broken) {
      return;
    }
    Properties p = new Properties();
    p.setProperty("file", identity);
    p.setProperty("records", Long.toString(records));
    p.setProperty("loaded", Long.toString(loaded));
    p.setProperty("rejected", Long.toString(rejected));
    p.setProperty("line", Long.toString(line));
    p.setProperty("pendingIds", Long.toString(pendingIds));
    p.setProperty("pendingRecords", Integer.toString(pendingRecords));
    Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        p.store(out, null);
      }
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      broken = true;
      LOG.warn("cannot write checkpoint {} ({}): a load stopped part way will start from the beginning", path,
          e.toString());
    }
  }

  /** Removes the checkpoint: the load is complete. */
  void delete() {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      LOG.warn("cannot remove checkpoint {}: {}", path, e.toString());
    }
  }
}
