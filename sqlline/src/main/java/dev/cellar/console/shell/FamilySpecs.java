package dev.cellar.console.shell;

import dev.cellar.storage.ColumnFamilyDescriptor;
import java.util.Locale;
import java.util.Set;

/**
 * Column-family specs as {@code create} and {@code alter} take them: {@code 'f'} or
 * {@code {NAME => 'f', VERSIONS => 1, TTL => '18000', ...}}. Each setting goes through
 * {@link ColumnFamilyDescriptor.Builder#set}, which validates it and names it in errors.
 */
final class FamilySpecs {
  /** The settings a family has, by their shell names (NAME excluded). */
  static final Set<String> SETTINGS;

  static {
    Set<String> s = new java.util.LinkedHashSet<>(ColumnFamilyDescriptor.of("f").settings().keySet());
    s.remove("NAME");
    SETTINGS = java.util.Collections.unmodifiableSet(s);
  }

  private FamilySpecs() {}

  /** Whether {@code hash} names a family ({@code NAME => ...}). */
  static boolean namesFamily(Value.Hash hash) {
    for (Value.Pair p : hash.pairs()) {
      if ("NAME".equals(p.name())) {
        return true;
      }
    }
    return false;
  }

  /** The family name of a spec hash. */
  static String name(Value.Hash hash) {
    for (Value.Pair p : hash.pairs()) {
      if ("NAME".equals(p.name())) {
        return Args.text(p.value(), "NAME");
      }
    }
    throw ShellSyntaxException.argument("column family spec needs a NAME => 'family'", hash);
  }

  /**
   * The versions a new family keeps unless its spec says otherwise: one, as in HBase 1.0 and
   * later (the store's own default is {@link ColumnFamilyDescriptor#DEFAULT_VERSIONS}).
   */
  static final String DEFAULT_VERSIONS = "1";

  /** A family with default settings, from a bare name. */
  static ColumnFamilyDescriptor of(Value.Str name) {
    try {
      return ColumnFamilyDescriptor.newBuilder(name.text()).set("VERSIONS", DEFAULT_VERSIONS).build();
    } catch (IllegalArgumentException e) {
      throw ShellSyntaxException.argument(e.getMessage(), name);
    }
  }

  /**
   * Builds a family from a spec hash, starting from {@code base}'s settings (alter) or the
   * defaults when {@code base} is null (create, or alter adding a family).
   *
   * @throws ShellSyntaxException for an unknown setting or a value of the wrong type, pointing at it
   * @throws IllegalArgumentException from the descriptor for a value it rejects
   */
  static ColumnFamilyDescriptor build(Value.Hash hash, ColumnFamilyDescriptor base) {
    String name = name(hash);
    ColumnFamilyDescriptor.Builder b;
    try {
      b = base != null ? base.toBuilder() : ColumnFamilyDescriptor.newBuilder(name).set("VERSIONS", DEFAULT_VERSIONS);
    } catch (IllegalArgumentException e) {
      throw ShellSyntaxException.argument(e.getMessage(), hash);
    }
    for (Value.Pair p : hash.pairs()) {
      String key = p.name();
      if ("NAME".equals(key)) {
        continue;
      }
      if (key == null || !SETTINGS.contains(key.toUpperCase(Locale.ROOT))) {
        throw ShellSyntaxException.argument("unknown family setting " + (key == null ? p.key().kind() : key)
            + " for family '" + name + "'; known: " + String.join(", ", SETTINGS), p.key());
      }
      String value = Args.scalar(p.value(), key);
      try {
        b.set(key, value);
      } catch (IllegalArgumentException e) {
        throw ShellSyntaxException.argument(e.getMessage(), p.value());
      }
    }
    return b.build();
  }
}
