package dev.cellar.storage.wal;

import dev.cellar.storage.Durability;
import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.CrashPoint;
import dev.cellar.storage.fs.Vfs;
import dev.cellar.storage.util.ByteWriter;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's write-ahead log: one sequence of segment files under {@code wal/} shared by all
 * tables. Its byte layout and rules are in {@code storage/docs/wal-format.md}.
 *
 * <p><b>Writing.</b> A write is two calls. {@link #append} encodes the edit, checksums it and
 * copies it into a pending buffer, returning a transaction id; it does no I/O, so the engine
 * may call it under its own lock. {@link #await} then returns once the record is as durable as
 * asked. Waiters commit as a group: the first waiter whose record is not yet written becomes
 * the leader, writes <em>every</em> pending record in one write call, forces the file if any
 * waiter has asked for {@link Durability#FSYNC_WAL}, publishes how far the log is written and
 * forced, and the waiters behind it find their records done. A background thread writes
 * records nobody waits for ({@link Durability#ASYNC_WAL}) every
 * {@link WalOptions#asyncFlushInterval()}.
 *
 * <p><b>Failure.</b> An I/O error while writing, forcing or rolling fails the log for good:
 * every waiter whose record is not yet as durable as it asked gets a {@link StorageException},
 * and so does every later {@link #append}.
 *
 * <p><b>Segments.</b> {@link #roll()} starts a new segment, and so does a write that takes the
 * current one to {@link WalOptions#segmentSize()}. The log remembers each segment's highest
 * sequence number; {@link #deleteObsolete} deletes the closed segments whose records have all
 * been flushed to store files.
 *
 * <p><b>Recovery.</b> Call {@link #replay} before {@link #open}; open never appends to an old
 * segment. Thread-safe.
 */
public final class Wal implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(Wal.class);

  /** Pending bytes past which an append wakes the background writer early. */
  private static final int KICK_BYTES = 1 << 20;

  /** Buffers grown past this are dropped after use rather than kept. */
  private static final int KEEP_BUFFER_BYTES = 4 << 20;

  private static final ThreadLocal<ByteWriter> ENCODER = ThreadLocal.withInitial(() -> new ByteWriter(512));

  private final Vfs vfs;
  private final WalOptions options;

  /** Guards {@link #pending}, {@link #pendingMaxSequence}, {@link #closed} and writes to {@link #lastTxid}. */
  private final Object appendLock = new Object();
  private ByteWriter pending = new ByteWriter(64 << 10);
  private long pendingMaxSequence = WalFormat.NO_SEQUENCE;
  private boolean closed;
  private volatile long lastTxid;

  private final GroupCommit groupCommit = new GroupCommit(new GroupCommit.Log() {
    @Override
    public boolean isDone(long txid, boolean force) {
      return Wal.this.isDone(txid, force);
    }

    @Override
    public StorageException failure() {
      return failure;
    }

    @Override
    public void lead(long txid, boolean force) {
      Wal.this.lead(txid, force);
    }

    @Override
    public long lastTxid() {
      return lastTxid;
    }

    @Override
    public long writtenTxid() {
      return writtenTxid;
    }
  });

  /** Held by whoever writes, forces or rolls; guards {@link #current} and {@link #spare}. */
  private final ReentrantLock ioLock = new ReentrantLock();
  private SegmentWriter current;
  private ByteWriter spare = new ByteWriter(64 << 10);
  private volatile long currentNumber;
  private volatile long writtenTxid;
  private volatile long syncedTxid;
  private final AtomicLong fsyncRequested = new AtomicLong();
  private volatile StorageException failure;

  /** Closed segments by number, and the sum of their lengths. */
  private final ConcurrentSkipListMap<Long, ClosedSegment> closedSegments = new ConcurrentSkipListMap<>();
  private final AtomicLong closedBytes = new AtomicLong();

  /** A closed segment still on disk: its highest sequence number and its length in bytes. */
  record ClosedSegment(long highestSequence, long bytes) {}
  private final Object deleteLock = new Object();

  private final AsyncFlusher flusher;
  private volatile LongConsumer fullRollListener = seq -> { };

  private Wal(Vfs vfs, WalOptions options, Map<Long, ClosedSegment> oldSegments, SegmentWriter first) {
    this.vfs = vfs;
    this.options = options;
    oldSegments.forEach(this::addClosed);
    this.current = first;
    this.currentNumber = first.number();
    this.flusher = new AsyncFlusher("cellar-wal-writer-" + vfs.describe(), options.asyncFlushInterval().toNanos(),
        this::backgroundWrite);
  }

  /**
   * Reads every segment in order and hands each complete, valid edit to {@code sink}. A record
   * cut short by the end of the last segment (a crash during a write) is dropped with a
   * warning; any other damage is an error.
   *
   * @return what was read, per segment
   * @throws dev.cellar.storage.CorruptionException naming the segment and the offset of the
   *     bad record or header
   */
  public static ReplayResult replay(Vfs vfs, Consumer<WalEdit> sink) {
    return WalReader.replay(vfs, Objects.requireNonNull(sink, "sink"));
  }

  /**
   * Opens the log for writing: reads the existing segments to learn their highest sequence
   * numbers (and trim a torn tail off the last), then starts a new segment numbered after them.
   */
  public static Wal open(Vfs vfs, WalOptions options) {
    return open(vfs, options, null);
  }

  /**
   * As {@link #open(Vfs, WalOptions)}, using what {@link #replay} returned instead of reading
   * the segments again; if the segment files changed since, they are read again anyway.
   */
  public static Wal open(Vfs vfs, WalOptions options, ReplayResult replayed) {
    try {
      WalRecovery.State state = WalRecovery.recover(vfs, replayed);
      SegmentWriter first = SegmentWriter.create(vfs, state.nextNumber(), state.previousNumber(),
          state.previousLength());
      // The log directory may be new: force its own entry too, once, before any record goes in.
      vfs.syncDirectory("");
      Wal wal = new Wal(vfs, options, state.segments(), first);
      wal.flusher.start();
      LOG.info("Opened write-ahead log in {}/{}: {} old segments, writing segment {}", vfs.describe(),
          WalFormat.DIR, state.segments().size(), first.number());
      return wal;
    } catch (IOException e) {
      throw WalRecovery.openFailed(vfs, e);
    }
  }

  /**
   * Adds an edit to the pending records. Fast and thread-safe: encodes, checksums and copies;
   * never waits for I/O. Records are written in the order of their transaction ids.
   *
   * @return the edit's transaction id, to pass to {@link #await}
   * @throws StorageException if the log has failed or is closed
   * @throws IllegalArgumentException if the encoded edit exceeds the largest record
   */
  public long append(WalEdit edit) {
    ByteWriter w = ENCODER.get();
    long txid;
    boolean kick;
    try {
      w.reset();
      w.putLong(0).putInt(0).putByte(0); // room for the record header
      WalEditCodec.write(edit, w);
      int payloadLength = w.size() - WalFormat.RECORD_HEADER_SIZE;
      RecordHeader.write(w.array(), 0, payloadLength, WalFormat.RECORD_TYPE_EDIT);
      synchronized (appendLock) {
        checkWritable();
        pending.putBytes(w.array(), 0, w.size());
        pendingMaxSequence = Math.max(pendingMaxSequence, edit.sequence());
        txid = lastTxid + 1;
        lastTxid = txid;
        kick = pending.size() >= KICK_BYTES;
      }
    } finally {
      if (w.array().length > KEEP_BUFFER_BYTES) {
        ENCODER.remove();
      }
    }
    groupCommit.appended(txid);
    if (kick) {
      flusher.kick();
    }
    return txid;
  }

  /**
   * Returns once record {@code txid} is as durable as {@code durability} asks:
   * {@link Durability#ASYNC_WAL} at once, {@link Durability#SYNC_WAL} once it is handed to the
   * operating system, {@link Durability#FSYNC_WAL} once it is forced to the device. Concurrent
   * callers share writes and forces.
   *
   * @throws StorageException if the log failed before the record was as durable as asked
   * @throws IllegalArgumentException for {@code USE_DEFAULT} or {@code SKIP_WAL} (the engine
   *     resolves the one and does not log the other), or a transaction id never handed out
   */
  public void await(long txid, Durability durability) {
    if (txid <= 0 || txid > lastTxid) {
      throw new IllegalArgumentException("no record has transaction id " + txid);
    }
    switch (durability) {
      case ASYNC_WAL -> {
        if (txid > writtenTxid && failure != null) {
          throw failed();
        }
        return;
      }
      case SYNC_WAL, FSYNC_WAL -> { }
      default -> throw new IllegalArgumentException("cannot wait for durability " + durability);
    }
    boolean force = durability == Durability.FSYNC_WAL;
    if (force) {
      fsyncRequested.accumulateAndGet(txid, Math::max);
    }
    groupCommit.await(txid, force);
  }

  /** The leader's turn: writes (and forces) everything pending, for itself and every waiter. */
  private void lead(long txid, boolean force) {
    ioLock.lock();
    try {
      if (isDone(txid, force) || failure != null) {
        return;
      }
      if (current == null) {
        throw new StorageException("write-ahead log was closed before record " + txid + " was written");
      }
      writePendingLocked(force);
      rollIfFullLocked();
    } finally {
      ioLock.unlock();
    }
  }

  private boolean isDone(long txid, boolean force) {
    return (force ? syncedTxid : writtenTxid) >= txid;
  }

  /**
   * Writes every pending record to the current segment, forces it, closes it and starts a new
   * segment. Does nothing if the current segment holds no record.
   *
   * @return the number of the segment now being written
   * @throws StorageException if the log has failed or is closed, or the roll fails (which
   *     fails the log)
   */
  public long roll() {
    ioLock.lock();
    try {
      if (failure == null && current == null) {
        throw new StorageException("write-ahead log is closed");
      }
      if (failure == null) {
        writePendingLocked(false);
      }
      if (failure == null && current.size() > WalFormat.SEGMENT_HEADER_SIZE) {
        rollLocked();
      }
      if (failure != null) {
        throw failed();
      }
      return currentNumber;
    } finally {
      ioLock.unlock();
    }
  }

  /**
   * Deletes every closed segment whose records all have sequence numbers {@code <=
   * flushedSequence} (segments without records included). The segment being written is never
   * deleted.
   *
   * @param flushedSequence every edit up to this sequence number is safe in store files
   * @return how many segments were deleted
   */
  public int deleteObsolete(long flushedSequence) {
    int deleted = 0;
    synchronized (deleteLock) {
      for (Map.Entry<Long, ClosedSegment> e : closedSegments.entrySet()) {
        if (e.getValue().highestSequence() > flushedSequence) {
          continue;
        }
        String path = WalFormat.segmentPath(e.getKey());
        try {
          vfs.delete(path);
        } catch (IOException ex) {
          throw new StorageException("cannot delete write-ahead log segment " + vfs.describe() + "/" + path, ex);
        }
        closedSegments.remove(e.getKey());
        closedBytes.addAndGet(-e.getValue().bytes());
        vfs.reached(CrashPoint.WAL_SEGMENT_DELETED);
        deleted++;
        LOG.debug("Deleted write-ahead log segment {} (highest sequence {} <= {})", path, e.getValue(),
            flushedSequence);
      }
    }
    return deleted;
  }

  /**
   * The highest sequence number of the oldest closed segment, or {@code -1} if every segment but
   * the current one has been deleted: the regions holding a write at or below it in their
   * memstores keep that segment, and every later one, on disk until they flush.
   */
  public long oldestClosedSegmentSequence() {
    Map.Entry<Long, ClosedSegment> e = closedSegments.firstEntry();
    return e == null ? -1 : e.getValue().highestSequence();
  }

  /** Closed segments still on disk. */
  public int closedSegmentCount() {
    return closedSegments.size();
  }

  /** The bytes of the closed segments still on disk. */
  public long closedSegmentBytes() {
    return closedBytes.get();
  }

  private void addClosed(long number, ClosedSegment segment) {
    ClosedSegment before = closedSegments.put(number, segment);
    closedBytes.addAndGet(segment.bytes() - (before == null ? 0 : before.bytes()));
  }

  /** Numbers of the segments on disk that this log knows of, oldest first, the current one last. */
  public List<Long> segments() {
    ioLock.lock();
    try {
      List<Long> out = new ArrayList<>(closedSegments.keySet());
      if (current != null) {
        out.add(current.number());
      }
      return out;
    } finally {
      ioLock.unlock();
    }
  }

  /** Number of the segment being written (the last one, once closed). */
  public long currentSegment() {
    return currentNumber;
  }

  /** Highest transaction id handed out by {@link #append}. */
  public long lastTxid() {
    return lastTxid;
  }

  /** Highest transaction id written to the operating system (with every lower one). */
  public long writtenTxid() {
    return writtenTxid;
  }

  /** Highest transaction id forced to the device (with every lower one). */
  public long syncedTxid() {
    return syncedTxid;
  }

  /** Whether an I/O error has failed the log. */
  public boolean isFailed() {
    return failure != null;
  }

  /**
   * Writes and forces every pending record, stops the background writer and closes the
   * current segment. Idempotent. On a log that had already failed it only releases the file
   * (the failure was reported to the writers it affected).
   *
   * @throws StorageException if writing the pending records fails during this close
   */
  @Override
  public void close() {
    synchronized (appendLock) {
      if (closed) {
        return;
      }
      closed = true;
    }
    flusher.stop();
    boolean failedBefore;
    ioLock.lock();
    try {
      failedBefore = failure != null;
      if (current != null && !failedBefore) {
        writePendingLocked(true);
      }
      if (current != null) {
        try {
          current.close();
        } catch (IOException e) {
          LOG.warn("Closing write-ahead log segment {} failed", WalFormat.segmentPath(current.number()), e);
        }
        addClosed(current.number(), new ClosedSegment(current.maxSequence(), current.size()));
        current = null;
      }
    } finally {
      ioLock.unlock();
    }
    long unwritten = lastTxid - writtenTxid;
    if (unwritten > 0 && failedBefore) {
      LOG.warn("Closed the failed write-ahead log in {} with {} records unwritten", vfs.describe(), unwritten);
    } else if (unwritten > 0) {
      throw new StorageException("write-ahead log closed with " + unwritten + " records unwritten", failure);
    }
  }

  /** The background writer's task: writes what is pending, without forcing. */
  private void backgroundWrite() {
    if (failure != null || writtenTxid >= lastTxid) {
      return;
    }
    ioLock.lock();
    try {
      if (failure == null && current != null && writtenTxid < lastTxid) {
        writePendingLocked(false);
        rollIfFullLocked();
      }
    } finally {
      ioLock.unlock();
    }
  }

  /**
   * Writes all pending records in one call and forces if asked or if a waiter wants it. On an
   * I/O error fails the log instead of throwing; callers check
   * {@link #failure}. Caller holds {@link #ioLock}.
   */
  private void writePendingLocked(boolean force) {
    ByteWriter batch;
    long upTo;
    long batchMaxSequence;
    synchronized (appendLock) {
      batch = pending;
      pending = spare;
      upTo = lastTxid;
      batchMaxSequence = pendingMaxSequence;
      pendingMaxSequence = WalFormat.NO_SEQUENCE;
    }
    try {
      if (batch.size() > 0) {
        vfs.reached(CrashPoint.WAL_BEFORE_WRITE);
        current.write(batch.array(), 0, batch.size(), batchMaxSequence);
        vfs.reached(CrashPoint.WAL_WRITTEN);
      }
      writtenTxid = upTo;
      if ((force || fsyncRequested.get() > syncedTxid) && syncedTxid < upTo) {
        current.sync();
        syncedTxid = upTo;
        vfs.reached(CrashPoint.WAL_SYNCED);
      }
    } catch (IOException | RuntimeException e) {
      fail("writing segment " + WalFormat.segmentPath(current.number()), e);
      return;
    } finally {
      batch.reset();
      spare = batch.array().length > KEEP_BUFFER_BYTES ? new ByteWriter(64 << 10) : batch;
    }
  }

  /**
   * Sets what is told, with the segment's highest sequence number, each time a segment is
   * closed because it reached the segment size (not when {@link #roll} is asked). It runs in
   * the writing thread with the log's lock held, so it only hands the news on.
   */
  public void onFullRoll(LongConsumer listener) {
    this.fullRollListener = Objects.requireNonNull(listener, "listener");
  }

  /** Rolls if the current segment has reached the segment size. Caller holds {@link #ioLock}. */
  private void rollIfFullLocked() {
    if (failure == null && current.size() >= options.segmentSize()) {
      long highest = current.maxSequence();
      rollLocked();
      if (failure == null) {
        fullRollListener.accept(highest);
      }
    }
  }

  /** Forces and closes the current segment and starts the next. Caller holds {@link #ioLock}. */
  private void rollLocked() {
    SegmentWriter old = current;
    try {
      old.sync();
      syncedTxid = writtenTxid;
      vfs.reached(CrashPoint.WAL_ROLL_SYNCED);
      old.close();
    } catch (IOException | RuntimeException e) {
      fail("closing segment " + WalFormat.segmentPath(old.number()), e);
      return;
    }
    addClosed(old.number(), new ClosedSegment(old.maxSequence(), old.size()));
    current = null;
    try {
      current = SegmentWriter.create(vfs, old.number() + 1, old.number(), old.size());
      currentNumber = current.number();
      LOG.debug("Rolled write-ahead log from segment {} ({} bytes, highest sequence {}) to {}", old.number(),
          old.size(), old.maxSequence(), current.number());
    } catch (IOException | RuntimeException e) {
      fail("creating segment " + WalFormat.segmentPath(old.number() + 1), e);
    }
  }

  private void fail(String doing, Exception cause) {
    if (failure == null) {
      String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
      failure = new StorageException("write-ahead log in " + vfs.describe() + " failed " + doing + ": " + why, cause);
      LOG.error("Write-ahead log failed {}; refusing further writes", doing, cause);
    }
  }

  private StorageException failed() {
    return new StorageException("write-ahead log has failed and accepts no writes: " + failure.getMessage(), failure);
  }

  private void checkWritable() {
    if (failure != null) {
      throw failed();
    }
    if (closed) {
      throw new StorageException("write-ahead log is closed");
    }
  }
}
