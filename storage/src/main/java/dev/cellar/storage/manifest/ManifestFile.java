package dev.cellar.storage.manifest;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;

/**
 * Reads and atomically replaces the manifest: the new state is written to
 * {@value #TEMP}, forced, renamed over {@value #NAME}, and the directory synced, so a crash
 * leaves either the old manifest or the new one, never a mix.
 */
public final class ManifestFile {
  public static final String NAME = "MANIFEST";
  public static final String TEMP = "MANIFEST.tmp";

  private final Vfs fs;

  public ManifestFile(Vfs fs) {
    this.fs = fs;
  }

  /** The saved state, or {@code null} for a store that has never saved one. */
  public ManifestState load() throws IOException {
    if (!fs.exists(NAME)) {
      return null;
    }
    try (Vfs.ReadableFile f = fs.open(NAME)) {
      long size = f.size();
      if (size > Integer.MAX_VALUE) {
        throw new StorageException("manifest " + f.path() + " of " + size + " bytes is too large");
      }
      byte[] b = new byte[(int) size];
      f.readFully(0, b, 0, b.length);
      return ManifestCodec.decode(b, f.path());
    }
  }

  /** Durably replaces the manifest with {@code state}. */
  public void save(ManifestState state) throws IOException {
    byte[] b = ManifestCodec.encode(state);
    try (Vfs.WritableFile out = fs.create(TEMP)) {
      out.write(b, 0, b.length);
      fs.reached(CrashPoint.MANIFEST_TEMP_WRITTEN);
      out.sync();
    }
    fs.reached(CrashPoint.MANIFEST_TEMP_SYNCED);
    fs.rename(TEMP, NAME);
    fs.reached(CrashPoint.MANIFEST_RENAMED);
    fs.syncDirectory("");
    fs.reached(CrashPoint.MANIFEST_SAVED);
  }
}
