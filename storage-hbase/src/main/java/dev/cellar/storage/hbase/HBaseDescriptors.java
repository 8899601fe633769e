package dev.cellar.storage.hbase;

import dev.cellar.storage.ColumnFamilyDescriptor;
import dev.cellar.storage.Compression;
import dev.cellar.storage.TableDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps table and family descriptors one to one: VERSIONS, MIN_VERSIONS, TTL, BLOCKSIZE,
 * BLOCKCACHE, IN_MEMORY, BLOOMFILTER and COMPRESSION are HBase's settings of the same names
 * (Cellar's defaults are written explicitly, so that HBase's differing defaults, such as
 * VERSIONS 1 and BLOOMFILTER ROW, never apply). An HBase table made elsewhere may use a setting
 * Cellar has no value for (a ROWPREFIX bloom filter, LZ4 or ZSTD compression): it is described
 * as the nearest Cellar value (ROW, NONE) with a warning in the log; altering such a family
 * through Cellar writes that value back.
 */
final class HBaseDescriptors {
  private static final Logger LOG = LoggerFactory.getLogger(HBaseDescriptors.class);

  private HBaseDescriptors() {}

  static org.apache.hadoop.hbase.client.ColumnFamilyDescriptor toHBase(ColumnFamilyDescriptor f) {
    return ColumnFamilyDescriptorBuilder.newBuilder(f.nameBytes())
        .setMaxVersions(f.maxVersions())
        .setMinVersions(f.minVersions())
        .setTimeToLive(f.ttlSeconds())
        .setBlocksize(f.blockSize())
        .setBlockCacheEnabled(f.blockCache())
        .setInMemory(f.inMemory())
        .setBloomFilterType(switch (f.bloomType()) {
          case NONE -> BloomType.NONE;
          case ROW -> BloomType.ROW;
          case ROWCOL -> BloomType.ROWCOL;
        })
        .setCompressionType(switch (f.compression()) {
          case NONE -> Algorithm.NONE;
          case SNAPPY -> Algorithm.SNAPPY;
          case GZIP -> Algorithm.GZ;
        })
        .build();
  }

  static org.apache.hadoop.hbase.client.TableDescriptor toHBase(org.apache.hadoop.hbase.TableName name,
      TableDescriptor d) {
    TableDescriptorBuilder b = TableDescriptorBuilder.newBuilder(name);
    for (ColumnFamilyDescriptor f : d.families()) {
      b.setColumnFamily(toHBase(f));
    }
    return b.build();
  }

  static ColumnFamilyDescriptor toCellar(String table, org.apache.hadoop.hbase.client.ColumnFamilyDescriptor f) {
    ColumnFamilyDescriptor.Builder b = ColumnFamilyDescriptor.newBuilder(f.getNameAsString())
        .maxVersions(f.getMaxVersions())
        .minVersions(f.getMinVersions())
        .ttlSeconds(f.getTimeToLive())
        .blockSize(f.getBlocksize())
        .blockCache(f.isBlockCacheEnabled())
        .inMemory(f.isInMemory());
    b.bloomType(switch (f.getBloomFilterType()) {
      case NONE -> dev.cellar.storage.BloomType.NONE;
      case ROW -> dev.cellar.storage.BloomType.ROW;
      case ROWCOL -> dev.cellar.storage.BloomType.ROWCOL;
      default -> {
        LOG.warn("family {} of HBase table {} has BLOOMFILTER {}, which Cellar shows as ROW", f.getNameAsString(), table,
            f.getBloomFilterType());
        yield dev.cellar.storage.BloomType.ROW;
      }
    });
    b.compression(switch (f.getCompressionType()) {
      case NONE -> Compression.NONE;
      case SNAPPY -> Compression.SNAPPY;
      case GZ -> Compression.GZIP;
      default -> {
        LOG.warn("family {} of HBase table {} has COMPRESSION {}, which Cellar shows as NONE", f.getNameAsString(),
            table, f.getCompressionType());
        yield Compression.NONE;
      }
    });
    return b.build();
  }

  static TableDescriptor toCellar(String table, org.apache.hadoop.hbase.client.TableDescriptor d) {
    TableDescriptor.Builder b = TableDescriptor.newBuilder(table);
    for (org.apache.hadoop.hbase.client.ColumnFamilyDescriptor f : d.getColumnFamilies()) {
      b.family(toCellar(table, f));
    }
    return b.build();
  }
}
