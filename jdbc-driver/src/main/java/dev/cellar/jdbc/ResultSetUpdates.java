package dev.cellar.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * The methods that would change a result set's rows, refused (0A000) with a message that says
 * so: Cellar's result sets are read-only ({@code CONCUR_READ_ONLY}); rows change by UPDATE,
 * UPSERT and DELETE.
 */
abstract class ResultSetUpdates extends ResultSetLabels {
  ResultSetUpdates(AvaticaStatement statement, QueryState state, Meta.Signature signature, ResultSetMetaData metaData,
      TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    checkOpen();
    return false;
  }

  @Override
  public boolean rowInserted() throws SQLException {
    checkOpen();
    return false;
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    checkOpen();
    return false;
  }

  @Override
  public void updateNull(int column) throws SQLException {
    throw ClientErrors.readOnly("updateNull");
  }

  @Override
  public void updateBoolean(int column, boolean x1) throws SQLException {
    throw ClientErrors.readOnly("updateBoolean");
  }

  @Override
  public void updateByte(int column, byte x1) throws SQLException {
    throw ClientErrors.readOnly("updateByte");
  }

  @Override
  public void updateShort(int column, short x1) throws SQLException {
    throw ClientErrors.readOnly("updateShort");
  }

  @Override
  public void updateInt(int column, int x1) throws SQLException {
    throw ClientErrors.readOnly("updateInt");
  }

  @Override
  public void updateLong(int column, long x1) throws SQLException {
    throw ClientErrors.readOnly("updateLong");
  }

  @Override
  public void updateFloat(int column, float x1) throws SQLException {
    throw ClientErrors.readOnly("updateFloat");
  }

  @Override
  public void updateDouble(int column, double x1) throws SQLException {
    throw ClientErrors.readOnly("updateDouble");
  }

  @Override
  public void updateBigDecimal(int column, BigDecimal x1) throws SQLException {
    throw ClientErrors.readOnly("updateBigDecimal");
  }

  @Override
  public void updateString(int column, String x1) throws SQLException {
    throw ClientErrors.readOnly("updateString");
  }

  @Override
  public void updateBytes(int column, byte[] x1) throws SQLException {
    throw ClientErrors.readOnly("updateBytes");
  }

  @Override
  public void updateDate(int column, Date x1) throws SQLException {
    throw ClientErrors.readOnly("updateDate");
  }

  @Override
  public void updateTime(int column, Time x1) throws SQLException {
    throw ClientErrors.readOnly("updateTime");
  }

  @Override
  public void updateTimestamp(int column, Timestamp x1) throws SQLException {
    throw ClientErrors.readOnly("updateTimestamp");
  }

  @Override
  public void updateAsciiStream(int column, InputStream x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(int column, InputStream x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(int column, Reader x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateCharacterStream");
  }

  @Override
  public void updateObject(int column, Object x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }

  @Override
  public void updateObject(int column, Object x1) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }

  @Override
  public void updateNull(String label) throws SQLException {
    throw ClientErrors.readOnly("updateNull");
  }

  @Override
  public void updateBoolean(String label, boolean x1) throws SQLException {
    throw ClientErrors.readOnly("updateBoolean");
  }

  @Override
  public void updateByte(String label, byte x1) throws SQLException {
    throw ClientErrors.readOnly("updateByte");
  }

  @Override
  public void updateShort(String label, short x1) throws SQLException {
    throw ClientErrors.readOnly("updateShort");
  }

  @Override
  public void updateInt(String label, int x1) throws SQLException {
    throw ClientErrors.readOnly("updateInt");
  }

  @Override
  public void updateLong(String label, long x1) throws SQLException {
    throw ClientErrors.readOnly("updateLong");
  }

  @Override
  public void updateFloat(String label, float x1) throws SQLException {
    throw ClientErrors.readOnly("updateFloat");
  }

  @Override
  public void updateDouble(String label, double x1) throws SQLException {
    throw ClientErrors.readOnly("updateDouble");
  }

  @Override
  public void updateBigDecimal(String label, BigDecimal x1) throws SQLException {
    throw ClientErrors.readOnly("updateBigDecimal");
  }

  @Override
  public void updateString(String label, String x1) throws SQLException {
    throw ClientErrors.readOnly("updateString");
  }

  @Override
  public void updateBytes(String label, byte[] x1) throws SQLException {
    throw ClientErrors.readOnly("updateBytes");
  }

  @Override
  public void updateDate(String label, Date x1) throws SQLException {
    throw ClientErrors.readOnly("updateDate");
  }

  @Override
  public void updateTime(String label, Time x1) throws SQLException {
    throw ClientErrors.readOnly("updateTime");
  }

  @Override
  public void updateTimestamp(String label, Timestamp x1) throws SQLException {
    throw ClientErrors.readOnly("updateTimestamp");
  }

  @Override
  public void updateAsciiStream(String label, InputStream x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(String label, InputStream x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(String label, Reader x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateCharacterStream");
  }

  @Override
  public void updateObject(String label, Object x1, int x2) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }

  @Override
  public void updateObject(String label, Object x1) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }

  @Override
  public void insertRow() throws SQLException {
    throw ClientErrors.readOnly("insertRow");
  }

  @Override
  public void updateRow() throws SQLException {
    throw ClientErrors.readOnly("updateRow");
  }

  @Override
  public void deleteRow() throws SQLException {
    throw ClientErrors.readOnly("deleteRow");
  }

  @Override
  public void refreshRow() throws SQLException {
    throw ClientErrors.readOnly("refreshRow");
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    throw ClientErrors.readOnly("cancelRowUpdates");
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw ClientErrors.readOnly("moveToInsertRow");
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    throw ClientErrors.readOnly("moveToCurrentRow");
  }

  @Override
  public void updateRef(int column, Ref x1) throws SQLException {
    throw ClientErrors.readOnly("updateRef");
  }

  @Override
  public void updateRef(String label, Ref x1) throws SQLException {
    throw ClientErrors.readOnly("updateRef");
  }

  @Override
  public void updateBlob(int column, Blob x1) throws SQLException {
    throw ClientErrors.readOnly("updateBlob");
  }

  @Override
  public void updateBlob(String label, Blob x1) throws SQLException {
    throw ClientErrors.readOnly("updateBlob");
  }

  @Override
  public void updateClob(int column, Clob x1) throws SQLException {
    throw ClientErrors.readOnly("updateClob");
  }

  @Override
  public void updateClob(String label, Clob x1) throws SQLException {
    throw ClientErrors.readOnly("updateClob");
  }

  @Override
  public void updateArray(int column, Array x1) throws SQLException {
    throw ClientErrors.readOnly("updateArray");
  }

  @Override
  public void updateArray(String label, Array x1) throws SQLException {
    throw ClientErrors.readOnly("updateArray");
  }

  @Override
  public void updateRowId(int column, RowId x1) throws SQLException {
    throw ClientErrors.readOnly("updateRowId");
  }

  @Override
  public void updateRowId(String label, RowId x1) throws SQLException {
    throw ClientErrors.readOnly("updateRowId");
  }

  @Override
  public void updateNString(int column, String x1) throws SQLException {
    throw ClientErrors.readOnly("updateNString");
  }

  @Override
  public void updateNString(String label, String x1) throws SQLException {
    throw ClientErrors.readOnly("updateNString");
  }

  @Override
  public void updateNClob(int column, NClob x1) throws SQLException {
    throw ClientErrors.readOnly("updateNClob");
  }

  @Override
  public void updateNClob(String label, NClob x1) throws SQLException {
    throw ClientErrors.readOnly("updateNClob");
  }

  @Override
  public void updateSQLXML(int column, SQLXML x1) throws SQLException {
    throw ClientErrors.readOnly("updateSQLXML");
  }

  @Override
  public void updateSQLXML(String label, SQLXML x1) throws SQLException {
    throw ClientErrors.readOnly("updateSQLXML");
  }

  @Override
  public void updateNCharacterStream(int column, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String label, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateNCharacterStream");
  }

  @Override
  public void updateAsciiStream(int column, InputStream x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(int column, InputStream x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(int column, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateCharacterStream");
  }

  @Override
  public void updateAsciiStream(String label, InputStream x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(String label, InputStream x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(String label, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateCharacterStream");
  }

  @Override
  public void updateBlob(int column, InputStream x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateBlob");
  }

  @Override
  public void updateBlob(String label, InputStream x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateBlob");
  }

  @Override
  public void updateClob(int column, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateClob");
  }

  @Override
  public void updateClob(String label, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateClob");
  }

  @Override
  public void updateNClob(int column, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateNClob");
  }

  @Override
  public void updateNClob(String label, Reader x1, long x2) throws SQLException {
    throw ClientErrors.readOnly("updateNClob");
  }

  @Override
  public void updateNCharacterStream(int column, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String label, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateNCharacterStream");
  }

  @Override
  public void updateAsciiStream(int column, InputStream x1) throws SQLException {
    throw ClientErrors.readOnly("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(int column, InputStream x1) throws SQLException {
    throw ClientErrors.readOnly("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(int column, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateCharacterStream");
  }

  @Override
  public void updateAsciiStream(String label, InputStream x1) throws SQLException {
    throw ClientErrors.readOnly("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(String label, InputStream x1) throws SQLException {
    throw ClientErrors.readOnly("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(String label, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateCharacterStream");
  }

  @Override
  public void updateBlob(int column, InputStream x1) throws SQLException {
    throw ClientErrors.readOnly("updateBlob");
  }

  @Override
  public void updateBlob(String label, InputStream x1) throws SQLException {
    throw ClientErrors.readOnly("updateBlob");
  }

  @Override
  public void updateClob(int column, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateClob");
  }

  @Override
  public void updateClob(String label, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateClob");
  }

  @Override
  public void updateNClob(int column, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateNClob");
  }

  @Override
  public void updateNClob(String label, Reader x1) throws SQLException {
    throw ClientErrors.readOnly("updateNClob");
  }

  @Override
  public void updateObject(int column, Object x1, SQLType x2, int x3) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }

  @Override
  public void updateObject(String label, Object x1, SQLType x2, int x3) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }

  @Override
  public void updateObject(int column, Object x1, SQLType x2) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }

  @Override
  public void updateObject(String label, Object x1, SQLType x2) throws SQLException {
    throw ClientErrors.readOnly("updateObject");
  }
}
