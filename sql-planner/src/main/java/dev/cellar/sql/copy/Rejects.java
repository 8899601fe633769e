package dev.cellar.sql.copy;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The bad rows of a load, one CSV line each: the line the row starts on, why it was refused
 * (naming the column), and the row's text. The file is made when the first bad row comes, and
 * appended to when a load resumes.
 */
final class Rejects implements Closeable {
  private final Path path;
  private final boolean append;
  private CSVPrinter out;

  Rejects(Path path, boolean append) {
    this.path = path;
    this.append = append;
  }

  /** Where bad rows go. */
  Path path() {
    return path;
  }

  /** Writes one bad row. */
  void add(long line, String reason, String text) {
    try {
      if (out == null) {
        boolean header = !append || !Files.exists(path);
        BufferedWriter w = Files.newBufferedWriter(path, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
            append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        out = new CSVPrinter(w, CSVFormat.RFC4180.builder().setRecordSeparator("\n").build());
        if (header) {
          out.printRecord("line", "reason", "record");
        }
      }
      out.printRecord(line, reason, text);
    } catch (IOException e) {
      throw CopyFiles.cannotWrite(path, e);
    }
  }

  /** Forces what was written to the file (before a checkpoint is saved). */
  void flush() {
    if (out != null) {
      try {
        out.flush();
      } catch (IOException e) {
        throw CopyFiles.cannotWrite(path, e);
      }
    }
  }

  @Override
  public void close() {
    if (out != null) {
      try {
        out.close();
      } catch (IOException e) {
        throw CopyFiles.cannotWrite(path, e);
      }
    }
  }
}
