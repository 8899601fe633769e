package dev.cellar.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's users: a text file, one user a line,
 * {@code NAME:ROLE:PBKDF2-HASH:DIGEST-HA1}, where ROLE is {@code rw} (reads and writes),
 * {@code ro} (reads only) or {@code admin} (reads, writes and the admin verbs {@code ALTER TABLE
 * ... FLUSH | COMPACT | SPLIT}), the hash is {@link PasswordHash#hash}'s and the last field is
 * {@code MD5(NAME:Cellar:PASSWORD)}, which HTTP Digest needs. Lines starting with {@code #} are
 * comments. {@code cellar server passwd} writes it ({@link #write}: owner-only permissions,
 * replaced atomically).
 */
final class UsersFile {
  /** The realm of HTTP authentication, part of the Digest hash. */
  static final String REALM = "Cellar";

  /** What a user may do, as the file writes it. */
  enum Role {
    /** Queries only. */
    RO("ro"),
    /** Queries, writes and DDL. */
    RW("rw"),
    /** What {@link #RW} may, and the admin verbs. */
    ADMIN("admin");

    final String code;

    Role(String code) {
      this.code = code;
    }

    /** The role written {@code code}, or null. */
    static Role of(String code) {
      for (Role r : values()) {
        if (r.code.equals(code)) {
          return r;
        }
      }
      return null;
    }
  }

  /** A user: name, role, password hash, Digest HA1. */
  record User(String name, Role role, String hash, String digestHa1) {
    String line() {
      return name + ":" + role.code + ":" + hash + ":" + digestHa1;
    }

    boolean readOnly() {
      return role == Role.RO;
    }

    boolean admin() {
      return role == Role.ADMIN;
    }
  }

  private UsersFile() {}

  /**
   * Reads {@code file}.
   *
   * @throws IOException if it cannot be read or a line is malformed (naming the line)
   */
  static Map<String, User> read(Path file) throws IOException {
    Map<String, User> users = new LinkedHashMap<>();
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split(":", -1);
      if (f.length != 4 || f[0].isEmpty() || Role.of(f[1]) == null
          || !PasswordHash.isHash(f[2]) || !f[3].matches("[0-9a-f]{32}")) {
        throw new IOException(file + " line " + (i + 1) + " is not NAME:rw|ro|admin:HASH:DIGEST as cellar server "
            + "passwd writes it");
      }
      users.put(f[0], new User(f[0], Role.of(f[1]), f[2], f[3]));
    }
    return users;
  }

  /** Sets {@code name}'s password and role in {@code file}, creating it if missing. */
  static void setPassword(Path file, String name, char[] password, boolean readOnly) throws IOException {
    setPassword(file, name, password, readOnly ? Role.RO : Role.RW);
  }

  /** Sets {@code name}'s password and role in {@code file}, creating it if missing. */
  static void setPassword(Path file, String name, char[] password, Role role) throws IOException {
    if (name.isEmpty() || name.contains(":") || name.contains("\n") || name.startsWith("#")) {
      throw new IllegalArgumentException("user name '" + name + "' must be non-empty, without ':' and not start "
          + "with '#'");
    }
    Map<String, User> users = Files.exists(file) ? read(file) : new LinkedHashMap<>();
    users.put(name, new User(name, role, PasswordHash.hash(password),
        PasswordHash.digestHa1(name, REALM, password)));
    write(file, users);
  }

  /** Writes {@code users} to {@code file}: a temporary file readable by its owner only, moved over it. */
  static void write(Path file, Map<String, User> users) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("# Cellar server users: NAME:rw|ro|admin:PBKDF2-HASH:DIGEST-HA1; written by cellar server passwd");
    for (User u : users.values()) {
      lines.add(u.line());
    }
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path tmp = Files.createTempFile(dir, ".users", ".tmp");
    try {
      try {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system: the directory's permissions apply
      }
      Files.write(tmp, lines, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
