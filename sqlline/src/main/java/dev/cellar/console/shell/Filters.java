package dev.cellar.console.shell;

import dev.cellar.storage.Query;
import java.nio.charset.StandardCharsets;

/** The FILTER option of get, scan and count: a filter-language string ({@link FilterParser}). */
final class Filters {
  private Filters() {}

  /**
   * Parses a FILTER value and attaches it to {@code query}; {@code null} means no filter.
   *
   * @throws ShellSyntaxException pointing into the string at the offending part of the filter
   *     (at the string itself when the literal had escapes, whose offsets would not line up)
   */
  static void apply(Query<?> query, Value filter) {
    if (filter == null) {
      return;
    }
    if (!(filter instanceof Value.Str s)) {
      throw ShellSyntaxException.argument("FILTER must be a filter-language string such as \"PrefixFilter('abc')\","
          + " not " + filter.kind(), filter);
    }
    try {
      query.setFilter(FilterParser.parse(s.bytes()));
    } catch (ShellSyntaxException e) {
      int at = s.pos();
      if (s.verbatim() && e.offset() >= 0) {
        at += 1 + new String(s.bytes(), 0, Math.min(e.offset(), s.bytes().length), StandardCharsets.UTF_8).length();
      }
      throw ShellSyntaxException.argument(e.getMessage(), at);
    }
  }
}
