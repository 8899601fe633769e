package dev.cellar.jdbc;

import java.util.ServiceLoader;
import org.slf4j.LoggerFactory;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * Keeps SLF4J quiet in an application without a logging binding. The driver, Calcite and
 * Avatica log through SLF4J; an application that binds none would get SLF4J's three lines
 * about defaulting to a no-operation logger on its standard error, from a library it only
 * loaded as a JDBC driver. When no provider is on the class path and the application has set
 * neither {@code slf4j.provider} nor {@code slf4j.internal.verbosity}, this sets the latter to
 * {@code ERROR}, before SLF4J starts; SLF4J's errors are still reported. With a binding it
 * does nothing.
 */
final class Slf4jReporting {
  /** SLF4J's own setting: which of its internal messages reach standard error. */
  static final String VERBOSITY = "slf4j.internal.verbosity";

  private Slf4jReporting() {}

  /** Sets {@value #VERBOSITY} to {@code ERROR} if SLF4J has no provider and no setting says otherwise. */
  static void quietWithoutProvider() {
    try {
      if (System.getProperty(VERBOSITY) != null || System.getProperty("slf4j.provider") != null) {
        return;
      }
      ServiceLoader<SLF4JServiceProvider> providers =
          ServiceLoader.load(SLF4JServiceProvider.class, LoggerFactory.class.getClassLoader());
      if (providers.stream().findAny().isEmpty()) {
        System.setProperty(VERBOSITY, "ERROR");
      }
    } catch (RuntimeException | LinkageError e) {
      // SLF4J reports as it does by default
    }
  }
}
