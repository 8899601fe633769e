package dev.cellar.storage.region;

import dev.cellar.storage.Bytes;
import dev.cellar.storage.Cell;
import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.TimeRange;
import dev.cellar.storage.iter.CellIterator;
import dev.cellar.storage.iter.MergingIterator;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongPredicate;

/**
 * Compacts the store files of a region's families.
 *
 * <ul>
 *   <li><b>Minor</b>: a family with at least {@code threshold} files has them merged into one;
 *       every cell is kept (delete markers, expired cells and surplus versions included), so
 *       reads return exactly what they did.</li>
 *   <li><b>Major</b>: every family with at least {@code threshold} files (1: every family with
 *       files) is rewritten into one file that keeps only what reads can return: delete markers
 *       and the cells they mask, expired cells beyond MIN_VERSIONS and versions beyond VERSIONS
 *       are dropped. The caller flushes first, so the markers dropped mask nothing left in
 *       memory.</li>
 * </ul>
 *
 * <p>Both write with the family's <em>current</em> settings (compression, block size, bloom
 * filter) and drop cells outside the region's range (left in files shared with a sibling after
 * a split). Readers are never blocked: open scanners keep the input files until they close.
 */
public final class Compaction {
  private Compaction() {}

  /**
   * What a compaction read and wrote so far: store files and their bytes. Written by the
   * compacting thread, read by any.
   */
  public static final class Tally {
    private volatile int filesIn;
    private volatile long bytesIn;
    private volatile int filesOut;
    private volatile long bytesOut;

    public int filesIn() {
      return filesIn;
    }

    public long bytesIn() {
      return bytesIn;
    }

    public int filesOut() {
      return filesOut;
    }

    public long bytesOut() {
      return bytesOut;
    }

    private void read(List<StoreFileHandle> files) {
      long bytes = 0;
      for (StoreFileHandle f : files) {
        bytes += f.reader().info().fileSize();
      }
      filesIn += files.size();
      bytesIn += bytes;
    }

    private void wrote(StoreFileHandle file) {
      if (file != null) {
        filesOut++;
        bytesOut += file.reader().info().fileSize();
      }
    }
  }

  /** Writes a store file from cells in order; returns {@code null} when there are none. */
  public interface FileWriter {
    StoreFileHandle write(ColumnFamilyDescriptor family, Iterator<Cell> cells);
  }

  /**
   * Compacts the region's families that need it.
   *
   * @param catalog runs a change to the region's file lists and saves the manifest atomically
   * @return the number of families compacted
   */
  public static int run(Region region, boolean major, int threshold, long nowMs, FileWriter writer,
      Consumer<Runnable> catalog) {
    return run(region, major, threshold, nowMs, writer, catalog, () -> false, maxSequence -> true);
  }

  /**
   * As {@link #run(Region, boolean, int, long, FileWriter, Consumer)}, giving up (with a
   * {@link CancellationException}, leaving the inputs in place) as soon as
   * {@code cancelled} says so: how a closing store stops a long compaction without interrupting
   * threads that share its files' channels.
   *
   * <p>A major compaction drops cells only if {@code mayDrop} allows it for the largest sequence
   * number of its input files: a reader at an older read point (an open snapshot) could still
   * see what the read rules at the latest point would drop. Otherwise it keeps every cell, as a
   * minor one does.
   */
  public static int run(Region region, boolean major, int threshold, long nowMs, FileWriter writer,
      Consumer<Runnable> catalog, BooleanSupplier cancelled, LongPredicate mayDrop) {
    return run(region, major, threshold, nowMs, writer, catalog, cancelled, mayDrop, new Tally());
  }

  /**
   * As {@link #run(Region, boolean, int, long, FileWriter, Consumer, BooleanSupplier, LongPredicate)},
   * counting the files it reads and writes in {@code tally}.
   */
  public static int run(Region region, boolean major, int threshold, long nowMs, FileWriter writer,
      Consumer<Runnable> catalog, BooleanSupplier cancelled, LongPredicate mayDrop, Tally tally) {
    int done = 0;
    synchronized (region.compactionLock()) {
      if (region.isClosed()) {
        return 0; // split meanwhile: its files belong to the daughters now
      }
      for (FamilyStore fs : region.familyStores()) {
        List<StoreFileHandle> inputs = new ArrayList<>(fs.view().files());
        boolean needed = inputs.size() >= Math.max(major ? 1 : 2, threshold)
            || (!inputs.isEmpty() && region.hasForeignRows(fs));
        if (!needed) {
          continue;
        }
        List<StoreFileHandle> held = new ArrayList<>();
        for (StoreFileHandle f : inputs) {
          if (!f.tryAcquire()) {
            throw new IllegalStateException("store file " + f.fileNumber() + " was released while still listed");
          }
          held.add(f);
        }
        tally.read(held);
        try {
          ColumnFamilyDescriptor family = fs.descriptor();
          List<CellIterator> sources = new ArrayList<>();
          for (StoreFileHandle f : held) {
            sources.add(f.iteratorWithoutCaching());
          }
          StoreFileHandle output;
          try (CellIterator merged = MergingIterator.of(sources)) {
            long maxSequence = Long.MIN_VALUE;
            for (StoreFileHandle f : held) {
              maxSequence = Math.max(maxSequence, f.reader().maxSequenceId());
            }
            Iterator<Cell> cells = major && mayDrop.test(maxSequence) ? majorCells(region, family, merged, nowMs)
                : rangeCells(region, merged);
            output = writer.write(family, cancellable(cells, cancelled));
          }
          boolean[] replaced = new boolean[1];
          catalog.accept(() -> replaced[0] = fs.replaceFiles(inputs, output));
          if (!replaced[0]) {
            // The table or family was dropped meanwhile: its files are released already.
            if (output != null) {
              output.release();
            }
            continue;
          }
          tally.wrote(output);
          for (StoreFileHandle f : inputs) {
            f.release(); // the family's own reference: the file goes once no scanner reads it
          }
          done++;
        } finally {
          for (StoreFileHandle f : held) {
            f.release();
          }
        }
      }
    }
    return done;
  }

  private static Iterator<Cell> cancellable(Iterator<Cell> cells, BooleanSupplier cancelled) {
    return new Iterator<>() {
      private int n;

      @Override
      public boolean hasNext() {
        if ((++n & 1023) == 0 && cancelled.getAsBoolean()) {
          throw new CancellationException("compaction cancelled: the store is closing");
        }
        return cells.hasNext();
      }

      @Override
      public Cell next() {
        return cells.next();
      }
    };
  }

  /** Every cell of the region's range, in order. */
  private static Iterator<Cell> rangeCells(Region region, CellIterator it) {
    it.seek(Cell.firstOnRow(region.startRow()));
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return it.valid() && region.contains(it.cell().row());
      }

      @Override
      public Cell next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Cell c = it.cell();
        it.next();
        return c;
      }
    };
  }

  /** The cells reads can return, row by row, as the read rules with the family's own VERSIONS select them. */
  private static Iterator<Cell> majorCells(Region region, ColumnFamilyDescriptor family, CellIterator it, long nowMs) {
    Map<byte[], FamilyReadSpec> specs = new TreeMap<>(Bytes::compare);
    specs.put(family.nameBytes(), FamilyReadSpec.of(family, null, Integer.MAX_VALUE, nowMs));
    RowCellReader reader = new RowCellReader(it, Long.MAX_VALUE, TimeRange.ALL, specs);
    it.seek(Cell.firstOnRow(region.startRow()));
    return new Iterator<>() {
      private Cell next;
      private boolean inRow;

      @Override
      public boolean hasNext() {
        while (next == null) {
          if (!inRow) {
            if (!it.valid() || !region.contains(it.cell().row())) {
              return false;
            }
            reader.startRow(it.cell().row());
            inRow = true;
          }
          next = reader.next();
          if (next == null) {
            inRow = false;
          }
        }
        return true;
      }

      @Override
      public Cell next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        Cell c = next;
        next = null;
        return c;
      }
    };
  }
}
