package org.apache.calcite.avatica;

import dev.cellar.jdbc.remote.RemoteErrors;
import dev.cellar.jdbc.remote.RemoteValues;
import java.io.InputStream;
import java.io.Reader;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLType;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A remote prepared statement: Avatica's, cancelled on the server like
 * {@link CellarRemoteStatement}, failing with the server's errors as the embedded driver
 * raises them ({@link RemoteErrors#clean}), and taking the parameter values Avatica's typed
 * values do not carry as the embedded driver does ({@link RemoteValues}): {@code java.time}
 * values, {@code BigInteger}s and streams. It lives in Avatica's package, whose JDBC 4.1
 * prepared statement class is private.
 */
public class CellarRemotePreparedStatement extends AvaticaPreparedStatement {
  /** A prepared statement of {@code connection}; the driver's factory makes it. */
  protected CellarRemotePreparedStatement(AvaticaConnection connection, Meta.StatementHandle h,
      Meta.Signature signature, int resultSetType, int resultSetConcurrency, int resultSetHoldability)
      throws SQLException {
    super(connection, h, signature, resultSetType, resultSetConcurrency, resultSetHoldability);
  }

  @Override
  public void cancel() throws SQLException {
    checkOpen();
    ((CellarRemoteConnection) connection).cancelOnServer(this);
    super.cancel();
  }

  /** Refuses to run with a parameter never set (07001), as the embedded driver does. */
  private void checkAllSet() throws SQLException {
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] == null) {
        throw new SQLException("parameter " + (i + 1) + " has no value: set it (setNull for NULL)", "07001");
      }
    }
  }

  @Override
  public ResultSet executeQuery() throws SQLException {
    checkAllSet();
    return CellarRemoteConnection.clean(super::executeQuery);
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    checkAllSet();
    return CellarRemoteConnection.clean(() -> super.executeLargeUpdate());
  }

  @Override
  public boolean execute() throws SQLException {
    checkAllSet();
    return CellarRemoteConnection.clean(() -> super.execute());
  }

  @Override
  public void addBatch() throws SQLException {
    checkAllSet();
    super.addBatch();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    return CellarRemoteConnection.clean(super::executeLargeBatch);
  }

  // ---- values Avatica's typed values do not carry ------------------------------------------

  private boolean setSpecial(int parameterIndex, Object x, Integer sqlType) throws SQLException {
    if (RemoteValues.isTemporal(x)) {
      TypedValue v = RemoteValues.temporal(x, sqlType, connection.getTimeZone());
      if (v == null) {
        throw new SQLException("parameter " + parameterIndex + ": a " + x.getClass().getSimpleName()
            + " cannot be converted to JDBC type " + sqlType, "07006");
      }
      checkParameter(parameterIndex);
      slots[parameterIndex - 1] = v;
      return true;
    }
    return false;
  }

  private void checkParameter(int parameterIndex) throws SQLException {
    checkOpen();
    if (parameterIndex < 1 || parameterIndex > slots.length) {
      throw new SQLException("parameter " + parameterIndex + " does not exist: the statement has "
          + slots.length + " parameters", "07009");
    }
  }

  /** The parameter's site; an index out of range is 07009, naming it. */
  @Override
  protected AvaticaSite getSite(int parameterIndex) throws SQLException {
    checkParameter(parameterIndex);
    return super.getSite(parameterIndex);
  }

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    if (!setSpecial(parameterIndex, x, null)) {
      super.setObject(parameterIndex, RemoteValues.number(x));
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    if (!setSpecial(parameterIndex, x, targetSqlType)) {
      super.setObject(parameterIndex, RemoteValues.number(x), targetSqlType);
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    // Avatica's site ignores a value given with a scale or length: it is set as without one,
    // a decimal rounded to the scale first
    Object v = RemoteValues.number(x);
    if (v instanceof java.math.BigDecimal d && (targetSqlType == java.sql.Types.DECIMAL
        || targetSqlType == java.sql.Types.NUMERIC) && scaleOrLength >= 0) {
      v = d.setScale(scaleOrLength, java.math.RoundingMode.HALF_UP);
    }
    setObject(parameterIndex, v, targetSqlType);
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
    if (targetSqlType.getVendorTypeNumber() == null) {
      throw new SQLFeatureNotSupportedException("parameter " + parameterIndex + ": type " + targetSqlType.getName()
          + " is not a JDBC type", "0A000");
    }
    setObject(parameterIndex, x, targetSqlType.getVendorTypeNumber().intValue());
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength)
      throws SQLException {
    if (targetSqlType.getVendorTypeNumber() == null) {
      throw new SQLFeatureNotSupportedException("parameter " + parameterIndex + ": type " + targetSqlType.getName()
          + " is not a JDBC type", "0A000");
    }
    setObject(parameterIndex, x, targetSqlType.getVendorTypeNumber().intValue(), scaleOrLength);
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, int length) throws SQLException {
    setCharacterStream(parameterIndex, reader, (long) length);
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
    setString(parameterIndex, reader == null ? null : RemoteValues.text(reader, length, parameterIndex));
  }

  @Override
  public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
    setCharacterStream(parameterIndex, reader, -1L);
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
    setCharacterStream(parameterIndex, value, length);
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
    setCharacterStream(parameterIndex, value, -1L);
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
    setAsciiStream(parameterIndex, x, (long) length);
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
    setString(parameterIndex, x == null ? null : RemoteValues.ascii(x, length, parameterIndex));
  }

  @Override
  public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
    setAsciiStream(parameterIndex, x, -1L);
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
    setBinaryStream(parameterIndex, x, (long) length);
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
    setBytes(parameterIndex, x == null ? null : RemoteValues.bytes(x, length, parameterIndex));
  }

  @Override
  public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
    setBinaryStream(parameterIndex, x, -1L);
  }

  @Override
  public void setNString(int parameterIndex, String value) throws SQLException {
    setString(parameterIndex, value);
  }
}
