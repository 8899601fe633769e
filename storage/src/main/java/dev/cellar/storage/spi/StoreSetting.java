package dev.cellar.storage.spi;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One setting a {@link StoreProvider} accepts when it opens a store, as a connection property
 * names it: its name, kind, default, description and, for a choice, the values allowed.
 *
 * @param name the property name, in camel case ({@code flushSize}); matched case-insensitively
 * @param kind what values it takes
 * @param defaultValue the default as text
 * @param description what it does, for {@code Driver.getPropertyInfo}
 * @param choices the values a {@link Kind#CHOICE} allows (upper case); empty for other kinds
 */
public record StoreSetting(String name, Kind kind, String defaultValue, String description, List<String> choices) {
  /** What values a setting takes. */
  public enum Kind {
    /** A whole number ({@code long}). */
    NUMBER,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /** One of {@link StoreSetting#choices()}, case-insensitive. */
    CHOICE,
    /** Any text. */
    TEXT
  }

  public StoreSetting {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(defaultValue, "defaultValue");
    Objects.requireNonNull(description, "description");
    choices = List.copyOf(choices);
  }

  /** A whole-number setting. */
  public static StoreSetting number(String name, long defaultValue, String description) {
    return new StoreSetting(name, Kind.NUMBER, Long.toString(defaultValue), description, List.of());
  }

  /** A true/false setting. */
  public static StoreSetting bool(String name, boolean defaultValue, String description) {
    return new StoreSetting(name, Kind.BOOLEAN, Boolean.toString(defaultValue), description, List.of());
  }

  /** A setting that takes one of {@code choices}. */
  public static StoreSetting choice(String name, String defaultValue, List<String> choices, String description) {
    return new StoreSetting(name, Kind.CHOICE, defaultValue, description, choices);
  }

  /** A free-text setting. */
  public static StoreSetting text(String name, String defaultValue, String description) {
    return new StoreSetting(name, Kind.TEXT, defaultValue, description, List.of());
  }

  /**
   * Checks a value, returning it in canonical form (a number without spaces, {@code true} or
   * {@code false}, a choice in upper case).
   *
   * @throws IllegalArgumentException naming the setting if the value does not fit
   */
  public String check(String value) {
    String v = value.trim();
    switch (kind) {
      case NUMBER:
        try {
          return Long.toString(Long.parseLong(v));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("property " + name + " = '" + value + "' is not a whole number");
        }
      case BOOLEAN:
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
          return v.toLowerCase(Locale.ROOT);
        }
        throw new IllegalArgumentException("property " + name + " = '" + value + "' must be true or false");
      case CHOICE:
        String u = v.toUpperCase(Locale.ROOT);
        if (choices.contains(u)) {
          return u;
        }
        throw new IllegalArgumentException("property " + name + " = '" + value + "' must be one of "
            + String.join(", ", choices));
      default:
        return v;
    }
  }
}
