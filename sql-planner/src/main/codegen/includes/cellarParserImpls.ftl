<#--
  Productions Cellar adds to Calcite's parser template.
-->

/**
 * EXPLAIN statements: {@code EXPLAIN PLAN ... FOR stmt} as the template parses
 * it, and {@code EXPLAIN stmt} for a query or a DML statement, which is the
 * same statement as {@code EXPLAIN PLAN FOR stmt}.
 */
SqlNode CellarExplain() :
{
    SqlNode stmt;
}
{
    (
        LOOKAHEAD(2)
        stmt = SqlExplain()
    |
        <EXPLAIN> stmt = SqlQueryOrDml() {
            stmt = new SqlExplain(getPos(),
                stmt,
                SqlExplainLevel.EXPPLAN_ATTRIBUTES.symbol(SqlParserPos.ZERO),
                SqlExplain.Depth.PHYSICAL.symbol(SqlParserPos.ZERO),
                SqlExplainFormat.TEXT.symbol(SqlParserPos.ZERO),
                nDynamicParams);
        }
    )
    {
        return stmt;
    }
}
