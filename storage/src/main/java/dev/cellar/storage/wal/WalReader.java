package dev.cellar.storage.wal;

import dev.cellar.storage.StorageException;
import dev.cellar.storage.fs.Vfs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/** Replays every segment of a log directory in order (wal-format.md, "Replay"). */
final class WalReader {
  private WalReader() {}

  /** The numbers of the segment files in {@code wal/}, ascending; other names are ignored. */
  static List<Long> listSegments(Vfs vfs) {
    List<String> names;
    try {
      names = vfs.list(WalFormat.DIR);
    } catch (IOException e) {
      throw new StorageException("cannot list write-ahead log directory " + vfs.describe() + "/" + WalFormat.DIR, e);
    }
    List<Long> out = new ArrayList<>();
    for (String name : names) {
      long n = WalFormat.parseSegmentName(name);
      if (n >= 0) {
        out.add(n);
      }
    }
    Collections.sort(out);
    return out;
  }

  static ReplayResult replay(Vfs vfs, Consumer<WalEdit> sink) {
    List<Long> numbers = listSegments(vfs);
    List<SegmentInfo> infos = new ArrayList<>(numbers.size());
    long highest = WalFormat.NO_SEQUENCE;
    long edits = 0;
    for (int i = 0; i < numbers.size(); i++) {
      SegmentInfo previous = i == 0 ? null : infos.get(i - 1);
      SegmentInfo info = SegmentReader.read(vfs, numbers.get(i), i == numbers.size() - 1, previous, sink);
      infos.add(info);
      highest = Math.max(highest, info.maxSequence());
      edits += info.edits();
    }
    return new ReplayResult(infos, highest, edits);
  }
}
