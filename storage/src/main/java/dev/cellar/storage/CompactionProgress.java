package dev.cellar.storage;

/**
 * A major compaction of one table running now ({@link Admin#majorCompact}): the cells and bytes
 * of the store files it rewrites, and how far it has got. Cells done are those written so far
 * (a major compaction drops deleted and expired cells, so it may end below the total); bytes done
 * are estimated from them, in proportion to the input files' sizes.
 *
 * @param id a number telling running compactions apart (not reused while the store is open)
 * @param table the store table
 * @param cellsDone cells written so far
 * @param cellsTotal cells of the input files
 * @param bytesDone bytes of the input files done so far (estimated)
 * @param bytesTotal bytes of the input files
 * @param startedMillis when it started, in milliseconds since the epoch
 */
public record CompactionProgress(long id, String table, long cellsDone, long cellsTotal, long bytesDone,
    long bytesTotal, long startedMillis) {}
