package dev.cellar.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;

/**
 * The getters by column label, each the getter by the index {@link #findColumn} finds (42S22
 * when the result has no such column), so that a label's errors are the index's.
 */
abstract class ResultSetLabels extends ResultSetGetters {
  ResultSetLabels(AvaticaStatement statement, QueryState state, Meta.Signature signature, ResultSetMetaData metaData,
      TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
  }

  @Override
  public int findColumn(String label) throws SQLException {
    return ClientErrors.call(() -> super.findColumn(label));
  }

  @Override
  public String getString(String label) throws SQLException {
    return getString(findColumn(label));
  }

  @Override
  public boolean getBoolean(String label) throws SQLException {
    return getBoolean(findColumn(label));
  }

  @Override
  public byte getByte(String label) throws SQLException {
    return getByte(findColumn(label));
  }

  @Override
  public short getShort(String label) throws SQLException {
    return getShort(findColumn(label));
  }

  @Override
  public int getInt(String label) throws SQLException {
    return getInt(findColumn(label));
  }

  @Override
  public long getLong(String label) throws SQLException {
    return getLong(findColumn(label));
  }

  @Override
  public float getFloat(String label) throws SQLException {
    return getFloat(findColumn(label));
  }

  @Override
  public double getDouble(String label) throws SQLException {
    return getDouble(findColumn(label));
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(String label, int x) throws SQLException {
    return getBigDecimal(findColumn(label), x);
  }

  @Override
  public byte[] getBytes(String label) throws SQLException {
    return getBytes(findColumn(label));
  }

  @Override
  public Date getDate(String label) throws SQLException {
    return getDate(findColumn(label));
  }

  @Override
  public Time getTime(String label) throws SQLException {
    return getTime(findColumn(label));
  }

  @Override
  public Timestamp getTimestamp(String label) throws SQLException {
    return getTimestamp(findColumn(label));
  }

  @Override
  public InputStream getAsciiStream(String label) throws SQLException {
    return getAsciiStream(findColumn(label));
  }

  @Override
  @SuppressWarnings("deprecation")
  public InputStream getUnicodeStream(String label) throws SQLException {
    return getUnicodeStream(findColumn(label));
  }

  @Override
  public InputStream getBinaryStream(String label) throws SQLException {
    return getBinaryStream(findColumn(label));
  }

  @Override
  public Object getObject(String label) throws SQLException {
    return getObject(findColumn(label));
  }

  @Override
  public Reader getCharacterStream(String label) throws SQLException {
    return getCharacterStream(findColumn(label));
  }

  @Override
  public BigDecimal getBigDecimal(String label) throws SQLException {
    return getBigDecimal(findColumn(label));
  }

  @Override
  public Object getObject(String label, Map<String, Class<?>> x) throws SQLException {
    return getObject(findColumn(label), x);
  }

  @Override
  public Ref getRef(String label) throws SQLException {
    return getRef(findColumn(label));
  }

  @Override
  public Blob getBlob(String label) throws SQLException {
    return getBlob(findColumn(label));
  }

  @Override
  public Clob getClob(String label) throws SQLException {
    return getClob(findColumn(label));
  }

  @Override
  public Array getArray(String label) throws SQLException {
    return getArray(findColumn(label));
  }

  @Override
  public Date getDate(String label, Calendar x) throws SQLException {
    return getDate(findColumn(label), x);
  }

  @Override
  public Time getTime(String label, Calendar x) throws SQLException {
    return getTime(findColumn(label), x);
  }

  @Override
  public Timestamp getTimestamp(String label, Calendar x) throws SQLException {
    return getTimestamp(findColumn(label), x);
  }

  @Override
  public URL getURL(String label) throws SQLException {
    return getURL(findColumn(label));
  }

  @Override
  public RowId getRowId(String label) throws SQLException {
    return getRowId(findColumn(label));
  }

  @Override
  public NClob getNClob(String label) throws SQLException {
    return getNClob(findColumn(label));
  }

  @Override
  public SQLXML getSQLXML(String label) throws SQLException {
    return getSQLXML(findColumn(label));
  }

  @Override
  public String getNString(String label) throws SQLException {
    return getNString(findColumn(label));
  }

  @Override
  public Reader getNCharacterStream(String label) throws SQLException {
    return getNCharacterStream(findColumn(label));
  }
}
