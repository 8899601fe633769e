package dev.cellar.sql;

/**
 * The SQLStates Cellar reports, one constant per condition. The first two characters are the
 * class (SQL:2016 and X/Open): {@code 22} data exception, {@code 23} constraint violation,
 * {@code 42} syntax error or unknown object, {@code 07} statement parameters, {@code 08}
 * connection, {@code 0A} unsupported feature, {@code HY} driver errors, {@code 58}/{@code XX}
 * storage failures.
 */
public enum SqlState {
  /** A statement ran with a parameter that was given no value. */
  PARAMETER_NOT_SET("07001"),
  /** A parameter's value is of a Java or JDBC type that cannot become the parameter's type. */
  RESTRICTED_DATA_TYPE_ATTRIBUTE_VIOLATION("07006"),
  /** {@code executeQuery} of a statement that returns no rows (an UPDATE, a DDL statement). */
  NOT_A_QUERY("07005"),
  /** A parameter or column index that is not one of the statement's parameters or the result's columns. */
  INVALID_DESCRIPTOR_INDEX("07009"),
  /** A connection cannot be opened. */
  CONNECTION_FAILED("08001"),
  /** The connection (or its database) is closed. */
  CONNECTION_DOES_NOT_EXIST("08003"),
  /** A feature the SQL layer does not offer (yet). */
  FEATURE_NOT_SUPPORTED("0A000"),
  /** Character data does not fit its column. */
  STRING_TRUNCATION("22001"),
  /** A number does not fit its type (or a key encoding). */
  NUMERIC_OUT_OF_RANGE("22003"),
  /** A NULL where none may be: a MAP key. */
  NULL_VALUE_NOT_ALLOWED("22004"),
  /** A date, time or timestamp literal cannot be read. */
  INVALID_DATETIME("22007"),
  /** Division by zero. */
  DIVISION_BY_ZERO("22012"),
  /** A literal or value cannot be converted to the type asked for. */
  INVALID_CHARACTER_VALUE_FOR_CAST("22018"),
  /** A setting or option has a value it cannot take. */
  INVALID_PARAMETER_VALUE("22023"),
  /** The row count of an OFFSET is NULL or negative. */
  INVALID_OFFSET_ROW_COUNT("2201X"),
  /** The row count of a LIMIT or FETCH is NULL or negative. */
  INVALID_FETCH_ROW_COUNT("2201W"),
  /** A sequence has handed out its last value and does not cycle. */
  SEQUENCE_LIMIT_EXCEEDED("2200H"),
  /** Any other data exception. */
  DATA_EXCEPTION("22000"),
  /** A NULL written to a NOT NULL column. */
  NOT_NULL_VIOLATION("23502"),
  /** A key written twice by INSERT. */
  UNIQUE_VIOLATION("23505"),
  /** Any other constraint violation. */
  INTEGRITY_CONSTRAINT_VIOLATION("23000"),
  /** An object cannot be dropped or changed while others depend on it. */
  DEPENDENT_OBJECTS("2BP01"),
  /** A syntax error or an invalid use of SQL (an unknown option, a misplaced clause). */
  SYNTAX_ERROR("42000"),
  /** A statement a transaction with uncommitted writes cannot run (DDL): commit or roll back first. */
  ACTIVE_TRANSACTION("25001"),
  /** A result set's value read with no current row (before {@code next()}, or past the last row). */
  INVALID_CURSOR_STATE("24000"),
  /** A transaction lost to another that committed a change of the same row first; retry it. */
  SERIALIZATION_FAILURE("40001"),
  /** A limit of the system was reached: a transaction's uncommitted writes are too large. */
  PROGRAM_LIMIT_EXCEEDED("54000"),
  /** Insufficient privilege: a read-only user of {@code cellar server} running a write or DDL. */
  INSUFFICIENT_PRIVILEGE("42501"),
  /** Too many connections: a server's connection limit, of all users or of one. */
  TOO_MANY_CONNECTIONS("53300"),
  /** A table or view exists already. */
  TABLE_EXISTS("42S01"),
  /** A table or view does not exist. */
  TABLE_NOT_FOUND("42S02"),
  /** A column exists already. */
  COLUMN_EXISTS("42S21"),
  /** A column does not exist. */
  COLUMN_NOT_FOUND("42S22"),
  /** A column name that several columns have, in different families: name it with its family. */
  AMBIGUOUS_COLUMN("42702"),
  /** A column family does not exist or cannot be used. */
  FAMILY_NOT_FOUND("42S23"),
  /** A schema does not exist. */
  SCHEMA_NOT_FOUND("3F000"),
  /** An object is not in the state a statement needs (an index not yet or no longer built). */
  OBJECT_NOT_IN_PREREQUISITE_STATE("55000"),
  /** The statement nests too deeply for the thread's stack (a join of very many tables). */
  STATEMENT_TOO_COMPLEX("54001"),
  /** The statement was cancelled. */
  CANCELLED("HY008"),
  /** The statement ran past its query timeout. */
  TIMEOUT("HYT00"),
  /** The storage engine failed (I/O). */
  STORAGE_ERROR("58030"),
  /** Stored data failed a checksum or could not be decoded. */
  DATA_CORRUPTED("XX001"),
  /** An error inside Cellar that is not the user's. */
  INTERNAL_ERROR("XX000");

  private final String code;

  SqlState(String code) {
    this.code = code;
  }

  /** The five-character SQLState. */
  public String code() {
    return code;
  }

  /** The two-character class, e.g. {@code 23}. */
  public String sqlClass() {
    return code.substring(0, 2);
  }
}
