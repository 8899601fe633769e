package dev.cellar.storage.filter;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Matches when a Java regular expression is found anywhere in the tested bytes decoded as
 * UTF-8 ({@link java.util.regex.Matcher#find()}, as HBase does; anchor with {@code ^…$} for a
 * whole match). Returns 0 on a match and 1 otherwise: use {@link CompareOperator#EQUAL} or
 * {@link CompareOperator#NOT_EQUAL}.
 */
public final class RegexStringComparator extends ByteArrayComparable {
  private final Pattern pattern;

  /** The expression with {@link Pattern#DOTALL}, HBase's default flags. */
  public RegexStringComparator(String expression) {
    this(expression, Pattern.DOTALL);
  }

  /** The expression with the given {@link Pattern} flags. */
  public RegexStringComparator(String expression, int flags) {
    super(expression.getBytes(StandardCharsets.UTF_8));
    this.pattern = Pattern.compile(expression, flags);
  }

  /** The expression's {@link Pattern} flags. */
  public int getFlags() {
    return pattern.flags();
  }

  @Override
  public int compareTo(byte[] tested) {
    return pattern.matcher(new String(tested, StandardCharsets.UTF_8)).find() ? 0 : 1;
  }

  @Override
  public String toString() {
    return "RegexStringComparator(" + pattern.pattern() + ")";
  }
}
