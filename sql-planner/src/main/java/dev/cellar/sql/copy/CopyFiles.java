package dev.cellar.sql.copy;

import dev.cellar.sql.CellarSqlException;
import dev.cellar.sql.SqlState;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** The errors of files a load or export cannot read or write. */
final class CopyFiles {
  private CopyFiles() {}

  /** 58030 naming {@code file} and what went wrong. */
  static CellarSqlException cannotRead(Path file, IOException e) {
    return new CellarSqlException(SqlState.STORAGE_ERROR, "cannot read file " + file + ": " + why(e), e);
  }

  /** 58030 naming {@code file} and what went wrong. */
  static CellarSqlException cannotWrite(Path file, IOException e) {
    return new CellarSqlException(SqlState.STORAGE_ERROR, "cannot write file " + file + ": " + why(e), e);
  }

  private static String why(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.charset.CharacterCodingException) {
      return "it is not UTF-8 text";
    }
    String m = e.getMessage();
    return m == null ? "input/output error" : m;
  }
}
