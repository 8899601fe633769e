package dev.cellar.storage.filter;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Matches when the tested bytes, decoded as UTF-8, contain the substring, ignoring case (both
 * sides lower-cased in {@link Locale#ROOT}, as HBase does). Returns 0 on a match and 1
 * otherwise: use {@link CompareOperator#EQUAL} or {@link CompareOperator#NOT_EQUAL}.
 */
public final class SubstringComparator extends ByteArrayComparable {
  private final String substring;

  public SubstringComparator(String substring) {
    super(substring.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
    this.substring = substring.toLowerCase(Locale.ROOT);
  }

  @Override
  public int compareTo(byte[] tested) {
    return new String(tested, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT).contains(substring) ? 0 : 1;
  }

  @Override
  public String toString() {
    return "SubstringComparator(" + substring + ")";
  }
}
