package dev.cellar.storage.model;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.Result;
import java.util.Arrays;
import java.util.List;

/**
 * Compares results cell by cell (row, family, qualifier, timestamp, type, value; not sequence
 * numbers) and describes the first difference.
 */
public final class ResultDiff {
  private ResultDiff() {}

  /** The first difference between two lists of results, or {@code null} if they are equal. */
  public static String diff(List<Result> expected, List<Result> actual) {
    int n = Math.max(expected.size(), actual.size());
    for (int i = 0; i < n; i++) {
      if (i >= expected.size()) {
        return "result #" + i + " is extra: " + describe(actual.get(i)) + " (expected " + expected.size()
            + " results, got " + actual.size() + ")";
      }
      if (i >= actual.size()) {
        return "result #" + i + " is missing: " + describe(expected.get(i)) + " (expected " + expected.size()
            + " results, got " + actual.size() + ")";
      }
      String d = diff(expected.get(i), actual.get(i));
      if (d != null) {
        return "result #" + i + ": " + d;
      }
    }
    return null;
  }

  /** The first difference between two results, or {@code null} if they are equal. */
  public static String diff(Result expected, Result actual) {
    if (expected.isEmpty() != actual.isEmpty()) {
      return "expected " + describe(expected) + " but got " + describe(actual);
    }
    if (expected.isEmpty()) {
      return null;
    }
    if (!Arrays.equals(expected.row(), actual.row())) {
      return "row differs: expected " + describe(expected) + " but got " + describe(actual);
    }
    List<Cell> e = expected.cells();
    List<Cell> a = actual.cells();
    for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
      if (i >= e.size()) {
        return "extra cell " + describe(a.get(i)) + "; expected " + describe(expected) + " but got " + describe(actual);
      }
      if (i >= a.size()) {
        return "missing cell " + describe(e.get(i)) + "; expected " + describe(expected) + " but got "
            + describe(actual);
      }
      if (!same(e.get(i), a.get(i))) {
        return "cell " + i + " differs: expected " + describe(e.get(i)) + " but got " + describe(a.get(i))
            + "; expected " + describe(expected) + " but got " + describe(actual);
      }
    }
    return null;
  }

  /** Whether two cells agree on everything but the sequence number. */
  public static boolean same(Cell e, Cell a) {
    return Arrays.equals(e.row(), a.row()) && Arrays.equals(e.family(), a.family())
        && Arrays.equals(e.qualifier(), a.qualifier()) && e.timestamp() == a.timestamp() && e.type() == a.type()
        && Arrays.equals(e.value(), a.value());
  }

  /** A cell with its value. */
  public static String describe(Cell c) {
    return Bytes.toStringBinary(c.row()) + "/" + Bytes.toStringBinary(c.family()) + ":"
        + Bytes.toStringBinary(c.qualifier()) + "/" + c.timestamp() + "/" + c.type() + "="
        + abbreviate(Bytes.toStringBinary(c.value()));
  }

  /** A result with its cells and values. */
  public static String describe(Result r) {
    if (r.isEmpty()) {
      return "<empty>";
    }
    StringBuilder sb = new StringBuilder("[");
    for (Cell c : r.cells()) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(describe(c));
    }
    return sb.append(']').toString();
  }

  private static String abbreviate(String s) {
    return s.length() <= 24 ? s : s.substring(0, 20) + "...(" + s.length() + ")";
  }
}
