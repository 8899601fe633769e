package dev.cellar.server;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Password hashes of the users file: PBKDF2 with HMAC-SHA256, a random 16-byte salt per user
 * and {@value #ITERATIONS} iterations, written {@code pbkdf2-sha256$ITERATIONS$SALT$HASH} (salt
 * and hash in Base64); and the Digest authentication's {@code MD5(user:realm:password)}, which
 * HTTP Digest needs to check a response (see {@code server/README.md}, "Users").
 */
final class PasswordHash {
  /** Iterations of new hashes. */
  static final int ITERATIONS = 210_000;
  private static final String PREFIX = "pbkdf2-sha256";
  private static final SecureRandom RANDOM = new SecureRandom();

  private PasswordHash() {}

  /** A new salted hash of {@code password}. */
  static String hash(char[] password) {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    return PREFIX + "$" + ITERATIONS + "$" + Base64.getEncoder().encodeToString(salt) + "$"
        + Base64.getEncoder().encodeToString(pbkdf2(password, salt, ITERATIONS));
  }

  /** Whether {@code password} matches {@code stored}, a hash {@link #hash} wrote; compared in constant time. */
  static boolean verify(char[] password, String stored) {
    String[] parts = stored.split("\\$");
    if (parts.length != 4 || !parts[0].equals(PREFIX)) {
      return false;
    }
    try {
      int iterations = Integer.parseInt(parts[1]);
      byte[] salt = Base64.getDecoder().decode(parts[2]);
      byte[] expected = Base64.getDecoder().decode(parts[3]);
      return MessageDigest.isEqual(expected, pbkdf2(password, salt, iterations));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** Whether {@code stored} is a hash this class writes. */
  static boolean isHash(String stored) {
    String[] parts = stored.split("\\$");
    return parts.length == 4 && parts[0].equals(PREFIX) && parts[1].matches("[0-9]+");
  }

  /** HTTP Digest's {@code HA1}: the hex MD5 of {@code user:realm:password}. */
  static String digestHa1(String user, String realm, char[] password) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update((user + ":" + realm + ":").getBytes(StandardCharsets.ISO_8859_1));
      md5.update(new String(password).getBytes(StandardCharsets.ISO_8859_1));
      return HexFormat.of().formatHex(md5.digest());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no MD5", e);
    }
  }

  private static byte[] pbkdf2(char[] password, byte[] salt, int iterations) {
    try {
      PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, 256);
      try {
        return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
      } finally {
        spec.clearPassword();
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no PBKDF2WithHmacSHA256", e);
    }
  }
}
