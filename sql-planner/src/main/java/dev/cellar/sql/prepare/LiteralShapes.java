package dev.cellar.sql.prepare;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which literals of a statement become parameters ({@link LiteralParameters}), found again
 * without parsing: a statement's <em>shape</em> is its text with every number and string
 * literal replaced by a mark of its kind, found by a scan that knows only literals, quoted
 * names, comments and {@code ?}. {@link LiteralParameters} decides from the parse tree, and its
 * decision depends only on what the shape keeps (names, operators, keywords, the literals' kinds
 * and places) and on the catalog's key and indexed columns, so a statement of a shape seen at
 * the same catalog version takes the same literals out: the scan gives their places and values,
 * and the parse is skipped. A statement whose literals the scan cannot place as the parser did
 * (two strings written one after the other, a literal with a character set) is never recorded,
 * and takes the parser's path every time.
 *
 * <p>One per connection, beside its {@link PlanCache}; least recently used shapes go first.
 * Thread-safe.
 */
final class LiteralShapes {
  private static final char NUMBER = '\u0001';
  private static final char STRING = '\u0002';

  /** A literal of a statement's text: its place, and whether it is a number or a string. */
  record Token(int start, int end, boolean number) {}

  /** A statement's text scanned: its shape, its literals in order and its {@code ?}s, or null if it could not be. */
  record Scan(String shape, List<Token> literals, List<Integer> marks) {
    static Scan of(String sql) {
      StringBuilder shape = new StringBuilder(sql.length());
      List<Token> literals = new ArrayList<>();
      List<Integer> marks = new ArrayList<>();
      int n = sql.length();
      int i = 0;
      while (i < n) {
        char c = sql.charAt(i);
        if (c == '\'') {
          int end = quoted(sql, i, '\'');
          if (end < 0 || i > 0 && identifierPart(sql.charAt(i - 1))) {
            return null; // unterminated, or N'...', X'...', U&'...': the parser's path
          }
          literals.add(new Token(i, end, false));
          shape.append(STRING);
          i = end;
        } else if (c == '"' || c == '`') {
          int end = quoted(sql, i, c);
          if (end < 0) {
            return null;
          }
          shape.append(sql, i, end);
          i = end;
        } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
          int end = sql.indexOf('\n', i);
          end = end < 0 ? n : end;
          shape.append(sql, i, end);
          i = end;
        } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
          int end = sql.indexOf("*/", i + 2);
          if (end < 0) {
            return null;
          }
          shape.append(sql, i, end + 2);
          i = end + 2;
        } else if ((isDigit(c) || c == '.' && i + 1 < n && isDigit(sql.charAt(i + 1)))
            && (i == 0 || !identifierPart(sql.charAt(i - 1)))) {
          int end = number(sql, i);
          if (end < n && identifierPart(sql.charAt(end))) {
            return null; // 1e, 12abc: not a number the scan reads as the parser does
          }
          literals.add(new Token(i, end, true));
          shape.append(NUMBER);
          i = end;
        } else if (identifierPart(c)) {
          int end = i;
          while (end < n && identifierPart(sql.charAt(end))) {
            end++;
          }
          shape.append(sql, i, end);
          i = end;
        } else {
          if (c == '?') {
            marks.add(i);
          } else if (c == NUMBER || c == STRING) {
            return null;
          }
          shape.append(c);
          i++;
        }
      }
      return new Scan(shape.toString(), literals, marks);
    }
  }

  /**
   * Per literal of a shape, in order: the {@code LiteralParameters} slot it fills, or -1 if it
   * stays in the text; whether its parameter's text starts at a minus sign before it.
   */
  private record Shape(long version, int[] slots, boolean[] negated, int ownParameters) {}

  private static final java.util.concurrent.atomic.AtomicLong FOUND = new java.util.concurrent.atomic.AtomicLong();

  private final int capacity;
  private final Map<String, Shape> shapes;

  LiteralShapes(int capacity) {
    this.capacity = capacity;
    this.shapes = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Shape> eldest) {
        return size() > LiteralShapes.this.capacity;
      }
    };
  }

  /**
   * Records which literals of {@code sql} {@code parameters} (made from its parse at catalog
   * {@code version}) took out, if the scan places every one of them as the parser did.
   */
  void record(String sql, Scan scan, LiteralParameters parameters, long version) {
    if (capacity <= 0 || scan == null || scan.marks.size() != parameters.ownParameters()) {
      return;
    }
    List<Token> literals = scan.literals;
    int[] slots = new int[literals.size()];
    boolean[] negated = new boolean[literals.size()];
    java.util.Arrays.fill(slots, -1);
    int[][] spans = parameters.literalSpans();
    for (int s = 0; s < spans.length; s++) {
      int start = spans[s][0];
      int end = spans[s][1];
      int slot = spans[s][2];
      int found = -1;
      for (int i = 0; i < literals.size() && found < 0; i++) {
        Token t = literals.get(i);
        if (t.end == end && (t.start == start || t.number && minusBefore(sql, t.start) == start)) {
          found = i;
        }
      }
      if (found < 0 || slots[found] >= 0) {
        return;
      }
      slots[found] = slot;
      negated[found] = literals.get(found).start != start;
    }
    synchronized (this) {
      shapes.put(scan.shape, new Shape(version, slots, negated, parameters.ownParameters()));
    }
  }

  /**
   * The literals of {@code sql} taken out as a statement of its shape had them, or null if its
   * shape is not known at catalog {@code version}.
   */
  LiteralParameters find(String sql, Scan scan, long version) {
    if (scan == null || scan.literals.isEmpty()) {
      return null;
    }
    Shape shape;
    synchronized (this) {
      shape = shapes.get(scan.shape);
    }
    if (shape == null || shape.version != version || shape.slots.length != scan.literals.size()
        || shape.ownParameters != scan.marks.size()) {
      return null;
    }
    // the text with each parameter's literal as ?, and the slots in the order of the text
    StringBuilder text = new StringBuilder(sql.length());
    List<Object> slots = new ArrayList<>();
    List<int[]> spans = new ArrayList<>();
    int at = 0;
    int mark = 0;
    for (int i = 0; i < scan.literals.size(); i++) {
      if (shape.slots[i] < 0) {
        continue;
      }
      Token t = scan.literals.get(i);
      int start = shape.negated[i] ? minusBefore(sql, t.start) : t.start;
      if (start < at) {
        return null;
      }
      while (mark < scan.marks.size() && scan.marks.get(mark) < start) {
        slots.add(mark++);
      }
      String written = sql.substring(start, t.end);
      Object value = t.number ? new BigDecimal(shapeNumber(written)) : written.substring(1, written.length() - 1)
          .replace("''", "'");
      boolean exact = !t.number || written.indexOf('e') < 0 && written.indexOf('E') < 0;
      slots.add(LiteralParameters.literal(value, exact));
      spans.add(new int[] {start, t.end, slots.size() - 1});
      text.append(sql, at, start).append('?');
      at = t.end;
    }
    while (mark < scan.marks.size()) {
      slots.add(mark++);
    }
    text.append(sql, at, sql.length());
    FOUND.incrementAndGet();
    return LiteralParameters.of(text.toString(), slots, scan.marks.size(), spans.toArray(new int[0][]));
  }

  /** Statements whose literals were found by their shape, in this JVM. */
  static long found() {
    return FOUND.get();
  }

  synchronized int size() {
    return shapes.size();
  }

  /** {@code written}, a number with perhaps a minus sign and blanks before it, without the blanks. */
  private static String shapeNumber(String written) {
    if (written.charAt(0) != '-') {
      return written;
    }
    int i = 1;
    while (Character.isWhitespace(written.charAt(i))) {
      i++;
    }
    return "-" + written.substring(i);
  }

  /** The offset of a minus sign before {@code start}, with only blanks between; -1 if none. */
  private static int minusBefore(String sql, int start) {
    int i = start - 1;
    while (i >= 0 && Character.isWhitespace(sql.charAt(i))) {
      i--;
    }
    return i >= 0 && sql.charAt(i) == '-' ? i : -1;
  }

  /** The end of the quoted text starting at {@code start} ({@code q} doubled inside), or -1. */
  private static int quoted(String sql, int start, char q) {
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == q) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == q) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return -1;
  }

  private static int number(String sql, int start) {
    int n = sql.length();
    int i = start;
    while (i < n && isDigit(sql.charAt(i))) {
      i++;
    }
    if (i < n && sql.charAt(i) == '.') {
      i++;
      while (i < n && isDigit(sql.charAt(i))) {
        i++;
      }
    }
    if (i < n && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
      int j = i + 1;
      if (j < n && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
        j++;
      }
      if (j < n && isDigit(sql.charAt(j))) {
        i = j;
        while (i < n && isDigit(sql.charAt(i))) {
          i++;
        }
      }
    }
    return i;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean identifierPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
