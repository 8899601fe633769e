package dev.cellar.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.jetty.security.AbstractLoginService;
import org.eclipse.jetty.util.security.Credential;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jetty's login service over the {@link UsersFile}: Basic authentication checks a password
 * against the user's PBKDF2 hash, Digest authentication a response against the user's HA1. A
 * password that passed is remembered as an HMAC under a key of this process, so that the slow
 * hash runs once per user and password, not on every request. The file is read again when it
 * changes ({@code cellar server passwd} while the server runs). Roles: {@code rw} or
 * {@code ro}. Nothing of a password is logged.
 */
final class UsersLoginService extends AbstractLoginService {
  private static final Logger LOG = LoggerFactory.getLogger(UsersLoginService.class);
  private static final long RECHECK_NANOS = 1_000_000_000L;

  private final Path file;
  private final byte[] cacheKey = new byte[32];
  private final Map<String, byte[]> passed = new ConcurrentHashMap<>();
  private volatile Map<String, UsersFile.User> users;
  private volatile FileTime modified;
  private volatile long checked;

  UsersLoginService(Path file) throws IOException {
    this.file = file;
    new SecureRandom().nextBytes(cacheKey);
    setName(UsersFile.REALM);
    this.users = UsersFile.read(file);
    this.modified = Files.getLastModifiedTime(file);
    this.checked = System.nanoTime();
  }

  /** The user called {@code name}, or null. */
  UsersFile.User user(String name) {
    reloadIfChanged();
    return users.get(name);
  }

  @Override
  protected String[] loadRoleInfo(UserPrincipal user) {
    UsersFile.User u = users.get(user.getName());
    return u == null ? new String[0] : new String[] {u.role().code};
  }

  @Override
  protected UserPrincipal loadUserInfo(String username) {
    UsersFile.User u = user(username);
    return u == null ? null : new UserPrincipal(username, new StoredCredential(u));
  }

  private void reloadIfChanged() {
    long now = System.nanoTime();
    if (now - checked < RECHECK_NANOS) {
      return;
    }
    checked = now;
    try {
      FileTime m = Files.getLastModifiedTime(file);
      if (!m.equals(modified)) {
        users = UsersFile.read(file);
        modified = m;
        passed.clear();
        LOG.info("users file {} read again: {} users", file, users.size());
      }
    } catch (IOException e) {
      LOG.warn("users file {} cannot be read, the users read before stay: {}", file, e.getMessage());
    }
  }

  private byte[] mac(String user, String password) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(cacheKey, "HmacSHA256"));
      mac.update(user.getBytes(StandardCharsets.UTF_8));
      mac.update((byte) 0);
      return mac.doFinal(password.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no HmacSHA256", e);
    }
  }

  /** A user's stored credential: checks a Basic password or a Digest response. */
  private final class StoredCredential extends Credential {
    private static final long serialVersionUID = 1L;
    private final transient UsersFile.User user;

    StoredCredential(UsersFile.User user) {
      this.user = user;
    }

    @Override
    public boolean check(Object credentials) {
      if (credentials instanceof char[] chars) {
        return checkPassword(new String(chars));
      }
      if (credentials instanceof String password) {
        return checkPassword(password);
      }
      if (credentials instanceof Credential response) {
        // Digest: the response checks itself against the stored MD5(user:realm:password)
        return response.check(Credential.getCredential("MD5:" + user.digestHa1()));
      }
      return false;
    }

    private boolean checkPassword(String password) {
      byte[] mac = mac(user.name(), password);
      byte[] known = passed.get(user.name());
      if (known != null && MessageDigest.isEqual(known, mac)) {
        return true;
      }
      if (PasswordHash.verify(password.toCharArray(), user.hash())) {
        passed.put(user.name(), mac);
        return true;
      }
      return false;
    }
  }
}
