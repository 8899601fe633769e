package dev.cellar.storage.crash;

import dev.cellar.storage.crash.CrashWorkload.MutationSpec;
import dev.cellar.storage.crash.CrashWorkload.OpSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The visible contents of one writer thread's rows as a function of its operations:
 * row → {@code family:qualifier} → values, newest first. Explicit-timestamp rows hold every
 * version a read returns (at most the family's VERSIONS); store-timestamp rows hold only the
 * newest value, since versions written within one millisecond share a timestamp.
 */
final class CrashModel {
  final TreeMap<String, TreeMap<String, List<String>>> rows = new TreeMap<>();

  CrashModel copy() {
    CrashModel c = new CrashModel();
    for (Map.Entry<String, TreeMap<String, List<String>>> r : rows.entrySet()) {
      TreeMap<String, List<String>> cols = new TreeMap<>();
      for (Map.Entry<String, List<String>> e : r.getValue().entrySet()) {
        cols.put(e.getKey(), new ArrayList<>(e.getValue()));
      }
      c.rows.put(r.getKey(), cols);
    }
    return c;
  }

  /**
   * Applies one operation. {@code serverHistory} (may be null) collects, per
   * {@code row/family:qualifier} of a store-timestamp row, the ids of the operations whose
   * value was written there: any of them may still show up as an older version.
   */
  void apply(OpSpec op, Map<String, Set<Long>> serverHistory) {
    for (MutationSpec m : op.mutations()) {
      switch (m.kind()) {
        case PUT, SERVER_PUT -> {
          TreeMap<String, List<String>> cols = rows.computeIfAbsent(m.row(), k -> new TreeMap<>());
          for (String c : m.columns()) {
            String[] fqp = c.split(":");
            String col = fqp[0] + ":" + fqp[1];
            String v = CrashWorkload.value(op.opId(), m.row(), col, Integer.parseInt(fqp[2]));
            List<String> versions = cols.computeIfAbsent(col, k -> new ArrayList<>());
            if (m.kind() == CrashWorkload.Kind.SERVER_PUT) {
              versions.clear();
              versions.add(v);
              if (serverHistory != null) {
                serverHistory.computeIfAbsent(m.row() + "/" + col, k -> new HashSet<>()).add(op.opId());
              }
            } else {
              versions.add(0, v);
              int max = CrashWorkload.maxVersions(fqp[0]);
              while (versions.size() > max) {
                versions.remove(versions.size() - 1);
              }
            }
          }
        }
        case DELETE_ROW -> rows.remove(m.row());
        case DELETE_COLUMNS -> {
          TreeMap<String, List<String>> cols = rows.get(m.row());
          if (cols != null) {
            for (String c : m.columns()) {
              cols.remove(c);
            }
            if (cols.isEmpty()) {
              rows.remove(m.row());
            }
          }
        }
        case DELETE_FAMILY -> {
          TreeMap<String, List<String>> cols = rows.get(m.row());
          if (cols != null) {
            String prefix = m.columns().get(0) + ":";
            cols.keySet().removeIf(k -> k.startsWith(prefix));
            if (cols.isEmpty()) {
              rows.remove(m.row());
            }
          }
        }
        default -> throw new AssertionError(m.kind());
      }
    }
  }

  /** A readable list of the differences, {@code this} being what was found. */
  String diff(CrashModel expected) {
    StringBuilder sb = new StringBuilder();
    TreeSet<String> all = new TreeSet<>(rows.keySet());
    all.addAll(expected.rows.keySet());
    int n = 0;
    for (String row : all) {
      TreeMap<String, List<String>> a = rows.getOrDefault(row, new TreeMap<>());
      TreeMap<String, List<String>> e = expected.rows.getOrDefault(row, new TreeMap<>());
      TreeSet<String> cols = new TreeSet<>(a.keySet());
      cols.addAll(e.keySet());
      for (String col : cols) {
        List<String> av = a.get(col);
        List<String> ev = e.get(col);
        if (!Objects.equals(av, ev)) {
          if (n++ < 12) {
            sb.append("\n    ").append(row).append('/').append(col).append(": found ").append(brief(av))
                .append(", expected ").append(brief(ev));
          }
        }
      }
    }
    if (n > 12) {
      sb.append("\n    ... ").append(n - 12).append(" more");
    }
    return sb.toString();
  }

  private static String brief(List<String> vs) {
    if (vs == null) {
      return "nothing";
    }
    List<String> out = new ArrayList<>();
    for (String v : vs) {
      int cut = v.indexOf('/');
      out.add(cut < 0 ? v : v.substring(0, cut));
    }
    return out.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CrashModel m && m.rows.equals(rows);
  }

  @Override
  public int hashCode() {
    return rows.hashCode();
  }
}
