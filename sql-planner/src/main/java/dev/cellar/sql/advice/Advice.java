package dev.cellar.sql.advice;

/**
 * One piece of schema advice: the rule that gives it, the table, the columns or family it is
 * about, what is wrong and how to fix it.
 *
 * @param rule the rule
 * @param table the table, as {@code SCHEMA.NAME} or {@code NAME}
 * @param subject the columns, family or index the advice is about
 * @param problem what the design will do
 * @param fix a concrete change that avoids it
 */
public record Advice(Rule rule, String table, String subject, String problem, String fix) {
  /** The rules of {@link SchemaReview} and, over the store's statistics, of {@link LiveReview}. */
  public enum Rule {
    /** The key starts with a column that grows with time, without salting. */
    MONOTONIC_KEY,
    /** The key is likely longer than the guides advise. */
    LONG_KEY,
    /** More column families than a region handles well. */
    MANY_FAMILIES,
    /** A long family name, repeated in every cell. */
    LONG_FAMILY_NAME,
    /** VERSIONS in the hundreds. */
    MANY_VERSIONS,
    /** MIN_VERSIONS without a TTL, which does nothing. */
    MIN_VERSIONS_WITHOUT_TTL,
    /** Split points that leave regions empty. */
    EMPTY_SPLITS,
    /** A family of free qualifiers read whole. */
    UNPAGED_DYNAMIC_FAMILY,
    /** An index that keeps its entries for another time than its table keeps rows. */
    INDEX_TTL_DIFFERS,
    /** A region taking most of its table's reads or writes ({@link LiveReview}). */
    HOT_REGION,
    /** A region many times the size of its siblings ({@link LiveReview}). */
    REGION_SIZE_SKEW,
    /** Families whose row counts, as {@code UPDATE STATISTICS} counted them, differ by orders of magnitude ({@link LiveReview}). */
    FAMILY_ROW_SKEW
  }

  /** The advice as one line: {@code MONOTONIC_KEY on EVENTS (TS): ...; fix: ...}. */
  public String message() {
    return rule + " on " + table + " (" + subject + "): " + problem + "; fix: " + fix;
  }
}
