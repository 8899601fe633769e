/**
 * Loading and exporting files: {@code COPY t FROM 'file'} and {@code COPY t|(query) TO 'file'}
 * ({@link dev.cellar.sql.copy.CopyParser}), CSV and JSON lines ({@link dev.cellar.sql.copy.RecordReader},
 * {@link dev.cellar.sql.copy.RecordWriter}), fields converted to column values by the codecs' own
 * text forms and the DML's limits ({@link dev.cellar.sql.copy.FieldConverter}), bad rows to a
 * reject file ({@link dev.cellar.sql.copy.Rejects}), a checkpoint that lets a killed load resume
 * ({@link dev.cellar.sql.copy.Checkpoint}), the load itself ({@link dev.cellar.sql.copy.CopyFrom})
 * and the export ({@link dev.cellar.sql.copy.CopyTo}). May import {@code catalog}, {@code codec},
 * {@code database}, {@code exec}, {@code parser}, {@code session} and the storage API.
 */
package dev.cellar.sql.copy;
