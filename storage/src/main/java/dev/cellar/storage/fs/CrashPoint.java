package dev.cellar.storage.fs;

/**
 * A named step of the engine's durable changes. The engine announces each step to its file
 * system ({@link Vfs#reached}) just after doing it, so that a fault-injecting file system
 * ({@link FaultyVfs}) can simulate a crash at exactly that point; ordinary file systems ignore
 * the announcements. Names say what is done when the step is reached.
 */
public enum CrashPoint {
  /** Log: a batch of records is about to be written to the current segment. */
  WAL_BEFORE_WRITE,
  /** Log: a batch has been written and handed to the operating system, not yet forced. */
  WAL_WRITTEN,
  /** Log: the current segment has been forced. */
  WAL_SYNCED,
  /** Log roll: the old segment has been forced; it is about to be closed and the next one created. */
  WAL_ROLL_SYNCED,
  /** Log: a new segment file exists; its header and directory entry are not yet forced. */
  WAL_SEGMENT_CREATED,
  /** Log: a new segment's header and directory entry have been forced. */
  WAL_SEGMENT_READY,
  /** Log: an obsolete segment has been deleted (the directory not yet forced). */
  WAL_SEGMENT_DELETED,
  /** Open: the torn tail of the last segment has been trimmed. */
  WAL_TRIMMED,
  /** Store file: completely written and forced; its directory entry is not yet forced. */
  FILE_SYNCED,
  /** Store file: its directory entry has been forced too; no manifest lists it yet. */
  FILE_DURABLE,
  /** Store file: an obsolete one (compacted, dropped, or an orphan found at open) has been deleted. */
  FILE_DELETED,
  /** Flush: the memstores are frozen and the log rolled; no store file is written yet. */
  FLUSH_FROZEN,
  /** Flush: its store files are durable; the manifest does not list them yet. */
  FLUSH_FILES_WRITTEN,
  /** Flush: the manifest lists its files; obsolete log segments are not yet deleted. */
  FLUSH_COMMITTED,
  /** Manifest: the new manifest is written to its temporary file, not yet forced. */
  MANIFEST_TEMP_WRITTEN,
  /** Manifest: the temporary file is forced, not yet renamed. */
  MANIFEST_TEMP_SYNCED,
  /** Manifest: renamed over the old one; the directory is not yet forced. */
  MANIFEST_RENAMED,
  /** Manifest: the directory has been forced; the new manifest is durable. */
  MANIFEST_SAVED,
  /** Compaction: its output file is durable; the manifest still lists the inputs. */
  COMPACTION_WRITTEN,
  /** Compaction: the manifest lists the output; the inputs are not yet deleted. */
  COMPACTION_COMMITTED,
  /** Split: the parent region is flushed; the manifest still lists it. */
  SPLIT_FLUSHED,
  /** Split: the manifest lists the daughters. */
  SPLIT_COMMITTED,
  /** Bulk load: its files are durable and it is about to be committed. */
  BULK_LOAD_FILES_WRITTEN,
  /** Bulk load: the manifest lists its files. */
  BULK_LOAD_COMMITTED
}
