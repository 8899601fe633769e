package dev.cellar.storage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** A table's name and its column families, immutable. Families are kept in name order. */
public final class TableDescriptor {
  private final String name;
  private final Map<String, ColumnFamilyDescriptor> families;

  private TableDescriptor(String name, Map<String, ColumnFamilyDescriptor> families) {
    this.name = name;
    this.families = Collections.unmodifiableMap(families);
  }

  /** A builder for a table called {@code name}. */
  public static Builder newBuilder(String name) {
    return new Builder(name);
  }

  /** A table with the given families, each with default settings. */
  public static TableDescriptor of(String name, String... families) {
    Builder b = newBuilder(name);
    for (String f : families) {
      b.family(ColumnFamilyDescriptor.of(f));
    }
    return b.build();
  }

  /** A builder starting from this descriptor. */
  public Builder toBuilder() {
    Builder b = new Builder(name);
    b.families.putAll(families);
    return b;
  }

  public String name() {
    return name;
  }

  /** The families in name order. */
  public Collection<ColumnFamilyDescriptor> families() {
    return families.values();
  }

  /** The family names in name order. */
  public List<String> familyNames() {
    return new ArrayList<>(families.keySet());
  }

  /** The family called {@code family}, or {@code null}. */
  public ColumnFamilyDescriptor family(String family) {
    return families.get(family);
  }

  /** Whether the table has a family called {@code family}. */
  public boolean hasFamily(String family) {
    return families.containsKey(family);
  }

  /** The HBase shell's form: {@code 't1', {NAME => 'f1', ...}, ...}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("'").append(name).append('\'');
    for (ColumnFamilyDescriptor f : families.values()) {
      sb.append(", ").append(f);
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableDescriptor d && d.name.equals(name) && d.families.equals(families);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, families);
  }

  /** Builder for {@link TableDescriptor}. */
  public static final class Builder {
    private final String name;
    private final Map<String, ColumnFamilyDescriptor> families = new TreeMap<>();

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "table name");
    }

    /** Adds (or replaces) a family. */
    public Builder family(ColumnFamilyDescriptor f) {
      families.put(f.name(), f);
      return this;
    }

    /** Removes a family. */
    public Builder removeFamily(String family) {
      families.remove(family);
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException for a bad table name or a table without families
     */
    public TableDescriptor build() {
      validateTableName(name);
      if (families.isEmpty()) {
        throw new IllegalArgumentException("table '" + name + "' must have at least one column family");
      }
      return new TableDescriptor(name, new TreeMap<>(families));
    }
  }

  /**
   * Checks a table name: 1–255 characters of letters, digits, {@code _ - .}, not starting with
   * {@code .} or {@code -}. Names starting with {@code _} are reserved for system tables but allowed.
   */
  public static void validateTableName(String name) {
    if (name.isEmpty() || name.length() > 255) {
      throw new IllegalArgumentException("table name '" + name + "' must have 1 to 255 characters");
    }
    if (name.charAt(0) == '.' || name.charAt(0) == '-') {
      throw new IllegalArgumentException("table name '" + name + "' must not start with '" + name.charAt(0) + "'");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
          || c == '.';
      if (!ok) {
        throw new IllegalArgumentException("table name '" + name + "' has an illegal character '" + c + "' at position "
            + i + "; use letters, digits, '_', '-' and '.'");
      }
    }
  }
}
