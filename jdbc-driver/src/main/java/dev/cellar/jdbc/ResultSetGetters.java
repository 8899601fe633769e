package dev.cellar.jdbc;

import dev.cellar.sql.SqlState;
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
import org.apache.calcite.avatica.AvaticaResultSet;

/**
 * Avatica's result set with an SQLState on every failure of a getter by column index
 * ({@link ClientErrors}): 55000 once closed, 07009 for an index out of range, 24000 with no
 * current row, and 22018, naming the column and its type, for a value the getter cannot convert.
 */
abstract class ResultSetGetters extends AvaticaResultSet {
  ResultSetGetters(AvaticaStatement statement, QueryState state, Meta.Signature signature, ResultSetMetaData metaData,
      TimeZone timeZone, Meta.Frame firstFrame) throws SQLException {
    super(statement, state, signature, metaData, timeZone, firstFrame);
  }

  @Override
  protected void checkOpen() throws SQLException {
    if (isClosed()) {
      throw JdbcErrors.of(SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.code(), "the result set is closed", null);
    }
  }

  /** {@code e} {@linkplain ClientErrors#stated stated}; a value that cannot be converted names its column. */
  final SQLException read(SQLException e, int column) {
    SQLException s = ClientErrors.stated(e);
    String m = s.getMessage();
    if (m != null && m.startsWith(ClientErrors.VALUE)) {
      String type = "";
      try {
        type = " (" + getMetaData().getColumnTypeName(column) + ")";
      } catch (SQLException | RuntimeException ignored) {
        // the column's type only adds to the message
      }
      return JdbcErrors.of(s.getSQLState(), "column " + column + type + m.substring(ClientErrors.VALUE.length()), e);
    }
    return s;
  }

  @Override
  public String getString(int column) throws SQLException {
    try {
      return super.getString(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public boolean getBoolean(int column) throws SQLException {
    try {
      return super.getBoolean(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public byte getByte(int column) throws SQLException {
    try {
      return super.getByte(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public short getShort(int column) throws SQLException {
    try {
      return super.getShort(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public int getInt(int column) throws SQLException {
    try {
      return super.getInt(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public long getLong(int column) throws SQLException {
    try {
      return super.getLong(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public float getFloat(int column) throws SQLException {
    try {
      return super.getFloat(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public double getDouble(int column) throws SQLException {
    try {
      return super.getDouble(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(int column, int x) throws SQLException {
    try {
      return super.getBigDecimal(column, x);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public byte[] getBytes(int column) throws SQLException {
    try {
      return super.getBytes(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Date getDate(int column) throws SQLException {
    try {
      return super.getDate(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Time getTime(int column) throws SQLException {
    try {
      return super.getTime(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Timestamp getTimestamp(int column) throws SQLException {
    try {
      return super.getTimestamp(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public InputStream getAsciiStream(int column) throws SQLException {
    try {
      return super.getAsciiStream(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  @SuppressWarnings("deprecation")
  public InputStream getUnicodeStream(int column) throws SQLException {
    try {
      return super.getUnicodeStream(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public InputStream getBinaryStream(int column) throws SQLException {
    try {
      return super.getBinaryStream(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Object getObject(int column) throws SQLException {
    try {
      return super.getObject(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Reader getCharacterStream(int column) throws SQLException {
    try {
      return super.getCharacterStream(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public BigDecimal getBigDecimal(int column) throws SQLException {
    try {
      return super.getBigDecimal(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Object getObject(int column, Map<String, Class<?>> x) throws SQLException {
    try {
      return super.getObject(column, x);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Ref getRef(int column) throws SQLException {
    try {
      return super.getRef(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Blob getBlob(int column) throws SQLException {
    try {
      return super.getBlob(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Clob getClob(int column) throws SQLException {
    try {
      return super.getClob(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Array getArray(int column) throws SQLException {
    try {
      return super.getArray(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Date getDate(int column, Calendar x) throws SQLException {
    try {
      return super.getDate(column, x);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Time getTime(int column, Calendar x) throws SQLException {
    try {
      return super.getTime(column, x);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Timestamp getTimestamp(int column, Calendar x) throws SQLException {
    try {
      return super.getTimestamp(column, x);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public URL getURL(int column) throws SQLException {
    try {
      return super.getURL(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public RowId getRowId(int column) throws SQLException {
    try {
      return super.getRowId(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public NClob getNClob(int column) throws SQLException {
    try {
      return super.getNClob(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public SQLXML getSQLXML(int column) throws SQLException {
    try {
      return super.getSQLXML(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public String getNString(int column) throws SQLException {
    try {
      return super.getNString(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }

  @Override
  public Reader getNCharacterStream(int column) throws SQLException {
    try {
      return super.getNCharacterStream(column);
    } catch (SQLException e) {
      throw read(e, column);
    }
  }
}
