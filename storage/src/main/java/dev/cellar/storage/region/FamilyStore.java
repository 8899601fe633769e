package dev.cellar.storage.region;

import dev.cellar.storage.BloomType;
import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.memstore.MemStore;
import dev.cellar.storage.sst.BloomFilter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.NavigableSet;

/**
 * One family of one region: its active memstore, the memstores being flushed and its store
 * files, published together as an immutable {@link View} so that a reader takes one
 * consistent set of sources.
 */
final class FamilyStore {
  /**
   * The sources of a family at one moment. Files are newest first. Its lists are always of one
   * class, whatever their length, so that the read and write paths compiled for one view's lists
   * do not meet another class in the next view's and compile again.
   */
  record View(MemStore active, List<MemStore> flushing, List<StoreFileHandle> files) {
    View {
      flushing = Collections.unmodifiableList(new ArrayList<>(flushing));
      files = Collections.unmodifiableList(new ArrayList<>(files));
    }
  }

  private volatile ColumnFamilyDescriptor descriptor;
  private volatile View view;

  FamilyStore(ColumnFamilyDescriptor descriptor, List<StoreFileHandle> files) {
    this.descriptor = descriptor;
    this.view = new View(new MemStore(), List.of(), List.copyOf(files));
  }

  ColumnFamilyDescriptor descriptor() {
    return descriptor;
  }

  void setDescriptor(ColumnFamilyDescriptor d) {
    this.descriptor = d;
  }

  View view() {
    return view;
  }

  /** Adds a cell to the active memstore; the caller holds the region's updates lock (shared). */
  void add(Cell c) {
    view.active().add(c);
  }

  /** Removes a cell added by a write that failed. */
  void rollback(Cell c) {
    View v = view;
    v.active().remove(c);
    for (MemStore m : v.flushing()) {
      m.remove(c);
    }
  }

  /** Bytes held in the active memstore (not those being flushed). */
  long activeMemstoreSize() {
    return view.active().heapSize();
  }

  long memstoreSize() {
    View v = view;
    long n = v.active().heapSize();
    for (MemStore m : v.flushing()) {
      n += m.heapSize();
    }
    return n;
  }

  /** The highest cell timestamp in the memstores and store files, or {@link Long#MIN_VALUE} when none. */
  long maxTimestamp() {
    View v = view;
    long max = v.active().maxTimestamp();
    for (MemStore m : v.flushing()) {
      max = Math.max(max, m.maxTimestamp());
    }
    for (StoreFileHandle f : v.files()) {
      max = Math.max(max, f.reader().info().maxTimestamp());
    }
    return max;
  }

  /** Smallest sequence number not yet in a store file, or {@link Long#MAX_VALUE}. */
  long minUnflushedSequence() {
    View v = view;
    long min = v.active().minSequence();
    for (MemStore m : v.flushing()) {
      min = Math.min(min, m.minSequence());
    }
    return min;
  }

  /**
   * Swaps in a new active memstore and returns the old one, now read-only, for flushing; the
   * caller holds the region's updates lock exclusively. Returns {@code null} if it was empty.
   */
  synchronized MemStore freeze() {
    View v = view;
    if (v.active().isEmpty()) {
      return null;
    }
    List<MemStore> flushing = new ArrayList<>(v.flushing());
    flushing.add(v.active());
    view = new View(new MemStore(), List.copyOf(flushing), v.files());
    return v.active();
  }

  /** Publishes a flushed memstore's file (or drops an empty flush when {@code file} is null). */
  synchronized void commitFlush(MemStore flushed, StoreFileHandle file) {
    View v = view;
    List<MemStore> flushing = new ArrayList<>(v.flushing());
    flushing.remove(flushed);
    List<StoreFileHandle> files = new ArrayList<>();
    if (file != null) {
      files.add(file);
    }
    files.addAll(v.files());
    view = new View(v.active(), List.copyOf(flushing), List.copyOf(files));
  }

  /** Lists a bulk-loaded file first among the files (its reference passes to this family). */
  synchronized void addFile(StoreFileHandle file) {
    View v = view;
    List<StoreFileHandle> files = new ArrayList<>(v.files().size() + 1);
    files.add(file);
    files.addAll(v.files());
    view = new View(v.active(), v.flushing(), List.copyOf(files));
  }

  /**
   * Replaces compacted files by their output (or by nothing when {@code output} is null); files
   * flushed meanwhile stay. The caller releases the inputs. Returns false, changing nothing,
   * when an input is no longer listed (the family or table was dropped meanwhile).
   */
  synchronized boolean replaceFiles(List<StoreFileHandle> inputs, StoreFileHandle output) {
    View v = view;
    List<StoreFileHandle> files = new ArrayList<>(v.files());
    int at = files.size();
    for (StoreFileHandle in : inputs) {
      int i = files.indexOf(in);
      if (i < 0) {
        return false; // dropped meanwhile (table or family deleted)
      }
      at = Math.min(at, i);
      files.remove(i);
    }
    if (output != null) {
      files.add(Math.min(at, files.size()), output);
    }
    view = new View(v.active(), v.flushing(), List.copyOf(files));
    return true;
  }

  /** Removes every file (table drop); returns them so the caller can release them. */
  synchronized List<StoreFileHandle> dropFiles() {
    View v = view;
    view = new View(v.active(), v.flushing(), List.of());
    return v.files();
  }

  /**
   * Opens iterators over every source of this family, taking a reference on each file; the
   * references are added to {@code acquired} for the caller to release.
   */
  void openSources(List<CellIterator> out, List<StoreFileHandle> acquired) {
    openSources(out, acquired, null);
  }

  /**
   * As {@link #openSources(List, List)}, leaving out every store file whose row range or bloom
   * filter shows that it holds nothing {@code probe} asks for (no probe: every file), and every
   * memstore whose row filter does. A file left out is not acquired: no iterator is opened on it
   * and none of its data blocks is read.
   */
  void openSources(List<CellIterator> out, List<StoreFileHandle> acquired, RowProbe probe) {
    List<StoreFileHandle> got = new ArrayList<>();
    View v = acquireFiles(got, probe, ALL_FILES);
    // An empty memstore is left out: a cell added after this point has a sequence number
    // above the reader's read point (writes are in the memstore before they complete).
    // A memstore whose row filter says it holds no cell of the probe's row is left out too.
    if (!v.active().isEmpty() && (probe == null || v.active().mayHoldRow(probe.row))) {
      out.add(v.active().iterator());
    }
    for (MemStore m : v.flushing()) {
      if (probe == null || m.mayHoldRow(probe.row)) {
        out.add(m.iterator());
      }
    }
    for (StoreFileHandle f : got) {
      out.add(f.iterator());
      acquired.add(f);
    }
  }

  /** {@link #acquireFiles}'s {@code newerThan} that leaves no file out for its sequence numbers. */
  private static final long ALL_FILES = Long.MIN_VALUE;

  /**
   * Acquires into {@code got} the files of the current view, leaving out those {@code probe}
   * rules out (no probe: none) and, unless {@code newerThan} is {@link #ALL_FILES}, those whose
   * highest sequence number is not above it; returns the view they were taken from. A file ruled
   * out is not acquired: its row range and bloom filter are in memory, and a file compacted away
   * meanwhile held none of the row's cells either.
   */
  private View acquireFiles(List<StoreFileHandle> got, RowProbe probe, long newerThan) {
    while (true) {
      View v = view;
      boolean ok = true;
      List<StoreFileHandle> files = v.files();
      for (int i = 0; i < files.size(); i++) {
        StoreFileHandle f = files.get(i);
        if (newerThan != ALL_FILES && f.reader().maxSequenceId() <= newerThan
            || probe != null && !probe.mayHold(f.reader(), i == files.size() - 1)) {
          continue;
        }
        if (f.tryAcquire()) {
          got.add(f);
        } else {
          ok = false;
          break;
        }
      }
      if (ok) {
        return v;
      }
      for (StoreFileHandle f : got) {
        f.release();
      }
      got.clear();
      if (view == v) {
        // A released file still listed: the region was split and its daughters compacted it away.
        throw new RegionClosedException("family " + descriptor.name() + " of a replaced region");
      }
      // the view changed under us; take the new one
    }
  }

  /**
   * Whether a memstore of this family holds a cell written after {@code readPoint} in rows
   * {@code from} (inclusive) to {@code to} (exclusive; empty: no end), or, given a probe, in its
   * row alone. Asked of each row once, not of each of its versions.
   */
  boolean memstoresWrittenAfter(byte[] from, byte[] to, RowProbe probe, long readPoint) {
    View v = view;
    if (writtenAfter(v.active(), from, to, probe, readPoint)) {
      return true;
    }
    for (MemStore m : v.flushing()) {
      if (writtenAfter(m, from, to, probe, readPoint)) {
        return true;
      }
    }
    return false;
  }

  private static boolean writtenAfter(MemStore m, byte[] from, byte[] to, RowProbe probe, long readPoint) {
    if (m.isEmpty()) {
      return false;
    }
    return probe != null ? m.mayHoldRow(probe.row) && m.rowWrittenAfter(probe.row, readPoint)
        : m.writtenAfter(from, to, readPoint);
  }

  /**
   * Opens and acquires, as {@link #openSources(List, List, RowProbe)} does, the store files
   * that may hold a cell written after {@code readPoint} (their highest sequence number is
   * above it: a file flushed or compacted since); no memstore.
   */
  void openFilesWrittenAfter(List<CellIterator> out, List<StoreFileHandle> acquired, RowProbe probe,
      long readPoint) {
    List<StoreFileHandle> got = new ArrayList<>();
    acquireFiles(got, probe, readPoint);
    for (StoreFileHandle f : got) {
      out.add(f.iterator());
      acquired.add(f);
    }
  }

  /**
   * Whether a source of this family may hold cells {@code probe} asks for: exactly the sources
   * {@link #openSources(List, List, RowProbe)} would open, asked without opening, acquiring or
   * allocating anything. A single-row read asks first: most of an INSERT's rows are new, and a
   * read no source can answer needs no iterator and no merge.
   */
  boolean mayHold(RowProbe probe) {
    View v = view;
    if (!v.active().isEmpty() && v.active().mayHoldRow(probe.row)) {
      return true;
    }
    List<MemStore> flushing = v.flushing();
    for (int i = 0; i < flushing.size(); i++) {
      if (flushing.get(i).mayHoldRow(probe.row)) {
        return true;
      }
    }
    List<StoreFileHandle> files = v.files();
    for (int i = 0; i < files.size(); i++) {
      if (probe.mayHold(files.get(i).reader(), i == files.size() - 1)) {
        return true;
      }
    }
    return false;
  }

  List<StoreFileHandle> files() {
    return Collections.unmodifiableList(view.files());
  }

  /**
   * What a single-row read of one family needs from a store file, asked of the file's bloom
   * filter: any cell of the row, or, when the read names qualifiers, any cell of those columns
   * or of the empty qualifier (where the family's delete markers are, if the file has any).
   * The hashes are computed once, on first use, and shared by all files of the family.
   *
   * <p>A ROW filter is asked about the row only. A ROWCOL filter holds row keys too, so it is
   * asked about the row first (a cheap rejection, and a second independent test), then, if the
   * read names qualifiers, about each column. A file without a usable filter is always read.
   */
  static final class RowProbe {
    private final byte[] row;
    private final NavigableSet<byte[]> qualifiers;
    private final boolean expectFound;
    private BloomFilter.Key rowKey;
    private BloomFilter.Key[] columnKeys;
    private BloomFilter.Key emptyColumnKey;

    /** @param qualifiers the qualifiers the read asks for, or {@code null} for the whole family */
    RowProbe(byte[] row, NavigableSet<byte[]> qualifiers) {
      this(row, qualifiers, false);
    }

    /**
     * @param expectFound the read's row almost surely exists ({@link dev.cellar.storage.Get#expectFound}):
     *     the oldest file's bloom filter is not asked
     */
    RowProbe(byte[] row, NavigableSet<byte[]> qualifiers, boolean expectFound) {
      this.row = row;
      this.qualifiers = qualifiers;
      this.expectFound = expectFound;
    }

    /**
     * Whether a file may hold cells the read needs: its row range first, then its bloom filter,
     * which is not asked for the family's {@code oldest} file when the read expects its row to
     * be found.
     */
    boolean mayHold(dev.cellar.storage.sst.StoreFileReader file, boolean oldest) {
      byte[] first = file.firstRow();
      if (first == null || Bytes.compare(row, first) < 0 || Bytes.compare(row, file.lastRow()) > 0) {
        return false;
      }
      return oldest && expectFound || mayHold(file.bloomFilter());
    }

    /** Whether a file with this filter ({@code null}: none) may hold cells the read needs. */
    boolean mayHold(BloomFilter bloom) {
      if (bloom == null) {
        return true;
      }
      if (rowKey == null) {
        rowKey = BloomFilter.Key.row(row);
      }
      if (!bloom.mightContain(rowKey)) {
        return false;
      }
      if (qualifiers == null || bloom.type() != BloomType.ROWCOL) {
        return true;
      }
      if (columnKeys == null) {
        columnKeys = new BloomFilter.Key[qualifiers.size()];
        int i = 0;
        for (byte[] q : qualifiers) {
          columnKeys[i++] = BloomFilter.Key.column(row, q);
        }
      }
      for (BloomFilter.Key k : columnKeys) {
        if (bloom.mightContain(k)) {
          return true;
        }
      }
      // The row's family markers, which mask every column, sit under the empty qualifier.
      if (bloom.hasFamilyMarkers() && !qualifiers.contains(Bytes.EMPTY)) {
        if (emptyColumnKey == null) {
          emptyColumnKey = BloomFilter.Key.column(row, Bytes.EMPTY);
        }
        return bloom.mightContain(emptyColumnKey);
      }
      return false;
    }
  }
}
