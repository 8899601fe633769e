package dev.cellar.storage.region;

import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.memstore.MemStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One family of one region: its active memstore, the memstores being flushed and its store
 * files, published together as an immutable {@link View} so that a reader takes one
 * consistent set of sources.
 */
final class FamilyStore {
  /** The sources of a family at one moment. Files are newest first. */
  record View(MemStore active, List<MemStore> flushing, List<StoreFileHandle> files) {}

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

  long memstoreSize() {
    View v = view;
    long n = v.active().heapSize();
    for (MemStore m : v.flushing()) {
      n += m.heapSize();
    }
    return n;
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
    while (true) {
      View v = view;
      List<StoreFileHandle> got = new ArrayList<>(v.files().size());
      boolean ok = true;
      for (StoreFileHandle f : v.files()) {
        if (f.tryAcquire()) {
          got.add(f);
        } else {
          ok = false;
          break;
        }
      }
      if (!ok) {
        for (StoreFileHandle f : got) {
          f.release();
        }
        if (view == v) {
          // A released file still listed: the region was split and its daughters compacted it away.
          throw new RegionClosedException("family " + descriptor.name() + " of a replaced region");
        }
        continue; // the view changed under us; take the new one
      }
      out.add(v.active().iterator());
      for (MemStore m : v.flushing()) {
        out.add(m.iterator());
      }
      for (StoreFileHandle f : got) {
        out.add(f.iterator());
      }
      acquired.addAll(got);
      return;
    }
  }

  List<StoreFileHandle> files() {
    return Collections.unmodifiableList(view.files());
  }
}
