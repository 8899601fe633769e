package dev.cellar.console.shell;

import dev.cellar.storage.filter.BinaryComparator;
import dev.cellar.storage.filter.BinaryPrefixComparator;
import dev.cellar.storage.filter.ByteArrayComparable;
import dev.cellar.storage.filter.ColumnCountGetFilter;
import dev.cellar.storage.filter.ColumnPrefixFilter;
import dev.cellar.storage.filter.ColumnRangeFilter;
import dev.cellar.storage.filter.CompareOperator;
import dev.cellar.storage.filter.FamilyFilter;
import dev.cellar.storage.filter.Filter;
import dev.cellar.storage.filter.FilterList;
import dev.cellar.storage.filter.FirstKeyOnlyFilter;
import dev.cellar.storage.filter.KeyOnlyFilter;
import dev.cellar.storage.filter.MultipleColumnPrefixFilter;
import dev.cellar.storage.filter.PageFilter;
import dev.cellar.storage.filter.PrefixFilter;
import dev.cellar.storage.filter.QualifierFilter;
import dev.cellar.storage.filter.RandomRowFilter;
import dev.cellar.storage.filter.RegexStringComparator;
import dev.cellar.storage.filter.RowFilter;
import dev.cellar.storage.filter.SingleColumnValueFilter;
import dev.cellar.storage.filter.SubstringComparator;
import dev.cellar.storage.filter.TimestampsFilter;
import dev.cellar.storage.filter.ValueFilter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses HBase's filter language, as {@code FILTER => "..."} takes it, into a {@link Filter}:
 *
 * <pre>
 * filter := and ('OR' and)*
 * and    := unary ('AND' unary)*
 * unary  := '(' filter ')' | NAME '(' (argument (',' argument)*)? ')'
 * argument := 'quoted' ('' is a quote) | number | true | false | < | <= | = | != | > | >=
 * </pre>
 *
 * AND binds tighter than OR. Comparators are written {@code 'binary:v'}, {@code 'binaryprefix:v'},
 * {@code 'regexstring:v'} or {@code 'substring:v'}. The text is read as bytes, so quoted
 * arguments may hold any byte (from {@code \xNN} escapes of the enclosing shell string).
 * SKIP and WHILE are not supported.
 */
final class FilterParser {
  /** The filters the language knows here, for messages. */
  static final String SUPPORTED = "KeyOnlyFilter, FirstKeyOnlyFilter, PrefixFilter, ColumnPrefixFilter,"
      + " MultipleColumnPrefixFilter, ColumnCountGetFilter, PageFilter, TimestampsFilter, RowFilter, FamilyFilter,"
      + " QualifierFilter, ValueFilter, SingleColumnValueFilter, ColumnRangeFilter, RandomRowFilter";

  /** One argument as written; {@code text} holds a quoted argument's bytes one char a byte. */
  private record Arg(String text, boolean quoted, int pos) {}

  private final String src;
  private int pos;

  private FilterParser(byte[] text) {
    // ISO-8859-1 maps each byte to one char and back, so arguments keep their exact bytes.
    this.src = new String(text, StandardCharsets.ISO_8859_1);
  }

  /**
   * Parses a filter string.
   *
   * @throws ShellSyntaxException whose offset is a byte index into {@code text}
   */
  static Filter parse(byte[] text) {
    FilterParser p = new FilterParser(text);
    Filter f = p.or();
    p.skipSpace();
    if (p.pos < p.src.length()) {
      throw p.error("unexpected '" + p.src.charAt(p.pos) + "' after the filter", p.pos);
    }
    return f;
  }

  private Filter or() {
    List<Filter> members = new ArrayList<>();
    members.add(and());
    while (keyword("OR")) {
      members.add(and());
    }
    return members.size() == 1 ? members.get(0) : new FilterList(FilterList.Operator.MUST_PASS_ONE, members);
  }

  private Filter and() {
    List<Filter> members = new ArrayList<>();
    members.add(unary());
    while (keyword("AND")) {
      members.add(unary());
    }
    return members.size() == 1 ? members.get(0) : new FilterList(FilterList.Operator.MUST_PASS_ALL, members);
  }

  private Filter unary() {
    skipSpace();
    if (pos >= src.length()) {
      throw error("expected a filter such as PrefixFilter('abc')", pos);
    }
    if (src.charAt(pos) == '(') {
      pos++;
      Filter f = or();
      expect(')');
      return f;
    }
    int start = pos;
    String name = word();
    if (name.isEmpty()) {
      throw error("expected a filter name, found '" + src.charAt(pos) + "'", pos);
    }
    if (name.equals("SKIP") || name.equals("WHILE")) {
      throw error(name + " is not supported", start);
    }
    skipSpace();
    if (pos >= src.length() || src.charAt(pos) != '(') {
      throw error("expected '(' after " + name, pos);
    }
    pos++;
    List<Arg> args = new ArrayList<>();
    skipSpace();
    if (pos < src.length() && src.charAt(pos) == ')') {
      pos++;
    } else {
      while (true) {
        args.add(argument());
        skipSpace();
        if (pos < src.length() && src.charAt(pos) == ',') {
          pos++;
          continue;
        }
        expect(')');
        break;
      }
    }
    return build(name, start, args);
  }

  private Filter build(String name, int at, List<Arg> a) {
    switch (name) {
      case "KeyOnlyFilter":
        arity(name, at, a, 0, 1);
        return a.isEmpty() ? new KeyOnlyFilter() : new KeyOnlyFilter(bool(a.get(0)));
      case "FirstKeyOnlyFilter":
        arity(name, at, a, 0, 0);
        return new FirstKeyOnlyFilter();
      case "PrefixFilter":
        arity(name, at, a, 1, 1);
        return new PrefixFilter(bytes(a.get(0)));
      case "ColumnPrefixFilter":
        arity(name, at, a, 1, 1);
        return new ColumnPrefixFilter(bytes(a.get(0)));
      case "MultipleColumnPrefixFilter": {
        arity(name, at, a, 1, Integer.MAX_VALUE);
        byte[][] prefixes = new byte[a.size()][];
        for (int i = 0; i < a.size(); i++) {
          prefixes[i] = bytes(a.get(i));
        }
        return new MultipleColumnPrefixFilter(prefixes);
      }
      case "ColumnCountGetFilter":
        arity(name, at, a, 1, 1);
        return new ColumnCountGetFilter((int) number(a.get(0), Integer.MAX_VALUE));
      case "PageFilter":
        arity(name, at, a, 1, 1);
        return new PageFilter(number(a.get(0), Long.MAX_VALUE));
      case "TimestampsFilter":
      case "TimeStampsFilter": {
        List<Long> ts = new ArrayList<>();
        for (Arg x : a) {
          ts.add(number(x, Long.MAX_VALUE));
        }
        return new TimestampsFilter(ts);
      }
      case "RowFilter":
        arity(name, at, a, 2, 2);
        return new RowFilter(operator(a.get(0)), comparator(a.get(1)));
      case "FamilyFilter":
        arity(name, at, a, 2, 2);
        return new FamilyFilter(operator(a.get(0)), comparator(a.get(1)));
      case "QualifierFilter":
        arity(name, at, a, 2, 2);
        return new QualifierFilter(operator(a.get(0)), comparator(a.get(1)));
      case "ValueFilter":
        arity(name, at, a, 2, 2);
        return new ValueFilter(operator(a.get(0)), comparator(a.get(1)));
      case "SingleColumnValueFilter": {
        if (a.size() != 4 && a.size() != 6) {
          throw error("SingleColumnValueFilter takes ('family', 'qualifier', op, 'comparator') and optionally"
              + " filterIfMissing, latestVersionOnly; got " + a.size() + " arguments", at);
        }
        SingleColumnValueFilter f = new SingleColumnValueFilter(bytes(a.get(0)), bytes(a.get(1)), operator(a.get(2)),
            comparator(a.get(3)));
        if (a.size() == 6) {
          f.setFilterIfMissing(bool(a.get(4)));
          f.setLatestVersionOnly(bool(a.get(5)));
        }
        return f;
      }
      case "ColumnRangeFilter":
        arity(name, at, a, 4, 4);
        return new ColumnRangeFilter(bytes(a.get(0)), bool(a.get(1)), bytes(a.get(2)), bool(a.get(3)));
      case "RandomRowFilter": {
        arity(name, at, a, 1, 1);
        try {
          return new RandomRowFilter(Float.parseFloat(a.get(0).text()));
        } catch (NumberFormatException e) {
          throw error("RandomRowFilter takes a chance such as 0.5, not '" + a.get(0).text() + "'", a.get(0).pos());
        }
      }
      default:
        throw error("unknown or unsupported filter " + name + "; supported: " + SUPPORTED, at);
    }
  }

  private Arg argument() {
    skipSpace();
    int start = pos;
    if (pos >= src.length()) {
      throw error("expected an argument", pos);
    }
    char c = src.charAt(pos);
    if (c == '\'') {
      StringBuilder sb = new StringBuilder();
      pos++;
      while (true) {
        if (pos >= src.length()) {
          throw error("unterminated quoted argument", start);
        }
        char x = src.charAt(pos++);
        if (x == '\'') {
          if (pos < src.length() && src.charAt(pos) == '\'') {
            sb.append('\'');
            pos++;
            continue;
          }
          return new Arg(sb.toString(), true, start);
        }
        sb.append(x);
      }
    }
    if ("<>=!".indexOf(c) >= 0) {
      while (pos < src.length() && "<>=!".indexOf(src.charAt(pos)) >= 0) {
        pos++;
      }
      return new Arg(src.substring(start, pos), false, start);
    }
    String w = word();
    if (w.isEmpty()) {
      throw error("unexpected '" + c + "' in the argument list", pos);
    }
    return new Arg(w, false, start);
  }

  private String word() {
    int start = pos;
    while (pos < src.length()) {
      char c = src.charAt(pos);
      if (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-' || c == '+') {
        pos++;
      } else {
        break;
      }
    }
    return src.substring(start, pos);
  }

  private boolean keyword(String k) {
    skipSpace();
    if (src.startsWith(k, pos) && (pos + k.length() == src.length()
        || !Character.isLetterOrDigit(src.charAt(pos + k.length())))) {
      pos += k.length();
      return true;
    }
    return false;
  }

  private void expect(char c) {
    skipSpace();
    if (pos >= src.length()) {
      throw error("expected '" + c + "' but the filter ends", pos);
    }
    if (src.charAt(pos) != c) {
      throw error("expected '" + c + "', found '" + src.charAt(pos) + "'", pos);
    }
    pos++;
  }

  private void skipSpace() {
    while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
      pos++;
    }
  }

  private void arity(String name, int at, List<Arg> a, int min, int max) {
    if (a.size() < min || a.size() > max) {
      String expected = min == max ? Integer.toString(min) : max == Integer.MAX_VALUE ? min + " or more" : min + " or "
          + max;
      throw error(name + " takes " + expected + " arguments, got " + a.size(), at);
    }
  }

  private byte[] bytes(Arg a) {
    if (!a.quoted()) {
      throw error("expected a quoted argument such as 'abc', found " + show(a), a.pos());
    }
    return a.text().getBytes(StandardCharsets.ISO_8859_1);
  }

  private boolean bool(Arg a) {
    String t = a.text().toLowerCase(Locale.ROOT);
    if (!a.quoted() && (t.equals("true") || t.equals("false"))) {
      return t.equals("true");
    }
    throw error("expected true or false, found " + show(a), a.pos());
  }

  private long number(Arg a, long max) {
    try {
      long v = Long.parseLong(a.text());
      if (!a.quoted() && v >= 0 && v <= max) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error("expected a non-negative whole number, found " + show(a), a.pos());
  }

  private CompareOperator operator(Arg a) {
    if (!a.quoted()) {
      switch (a.text()) {
        case "<":
          return CompareOperator.LESS;
        case "<=":
          return CompareOperator.LESS_OR_EQUAL;
        case "=":
          return CompareOperator.EQUAL;
        case "!=":
          return CompareOperator.NOT_EQUAL;
        case ">=":
          return CompareOperator.GREATER_OR_EQUAL;
        case ">":
          return CompareOperator.GREATER;
        default:
          try {
            return CompareOperator.valueOf(a.text());
          } catch (IllegalArgumentException e) {
            // reported below
          }
      }
    }
    throw error("expected a comparison operator (<, <=, =, !=, >=, >), found " + show(a), a.pos());
  }

  private ByteArrayComparable comparator(Arg a) {
    int colon = a.text().indexOf(':');
    if (!a.quoted() || colon < 0) {
      throw error("expected a comparator such as 'binary:abc', 'binaryprefix:abc', 'regexstring:a.c' or"
          + " 'substring:abc', found " + show(a), a.pos());
    }
    String type = a.text().substring(0, colon);
    String value = a.text().substring(colon + 1);
    switch (type) {
      case "binary":
        return new BinaryComparator(value.getBytes(StandardCharsets.ISO_8859_1));
      case "binaryprefix":
        return new BinaryPrefixComparator(value.getBytes(StandardCharsets.ISO_8859_1));
      case "regexstring":
        return new RegexStringComparator(utf8(value));
      case "substring":
        return new SubstringComparator(utf8(value));
      default:
        throw error("unknown comparator type '" + type + "'; use binary, binaryprefix, regexstring or substring",
            a.pos());
    }
  }

  private static String show(Arg a) {
    String t = utf8(a.text());
    return a.quoted() ? "'" + t + "'" : t;
  }

  private static String utf8(String latin1) {
    return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
  }

  private ShellSyntaxException error(String message, int at) {
    return ShellSyntaxException.argument("FILTER: " + message, at);
  }
}
