import { is, Param, Placeholder, type Query, type SQL, sql } from 'drizzle-orm'
import type { PgDialect, PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client.ts'

/** What the prepared queries of both drivers (node-postgres, PGlite) keep; private in their types. */
type Prepared<R> = PgPreparedQuery<PreparedQueryConfig & { execute: R }> & {
  fields?: unknown
  _isResponseInArrayMode: boolean
  customResultMapper?: (rows: unknown[][]) => R
  joinsNotNullableMap?: Record<string, boolean>
}

/** A Drizzle query that can be prepared, answering R. */
export type Preparable<R> = { prepare(name: string): PgPreparedQuery<PreparedQueryConfig & { execute: R }> }

/**
 * The query with each column's placeholder encoding null as null, as Drizzle encodes a null value
 * it is given (a JSON column's encoder alone would write the JSON text 'null', a timestamp's fail).
 */
const nullSafe = (query: Query): Query => ({
  ...query,
  params: query.params.map((p) =>
    is(p, Param) && is(p.value, Placeholder)
      ? new Param(p.value, { mapToDriverValue: (v: unknown) => (v == null ? null : p.encoder.mapToDriverValue(v)) })
      : p,
  ),
})

/** The names given so far: PostgreSQL knows a connection's prepared statements by name. */
const names = new Set<string>()

/**
 * A statement Drizzle builds once and any session runs: the database or a transaction.
 *
 * Building a statement's SQL costs the app more than sending it (a select of `sale_order`'s
 * columns: ~0.3 ms of CPU, for Drizzle walks every column and condition again each time), and
 * Drizzle's own prepared statements belong to the session that prepared them, so a transaction
 * cannot run one prepared outside it. This keeps what `prepare` built (the SQL with its
 * `sql.placeholder`s, the fields its rows are mapped to) and has the given session prepare that,
 * which builds nothing. On node-postgres the statement is named: each connection parses and
 * plans it once.
 *
 * `build` must make the same statement whatever the database it is given (values that change go
 * in placeholders), and the name must be the app's only statement of that name.
 */
export const reusable = <R>(name: string, build: (db: DbOrTx) => Preparable<R>) => {
  if (names.has(name)) throw new Error(`a reusable statement named ${name} exists already`)
  names.add(name)
  let template: Prepared<R> | undefined
  let query: Query | undefined
  return (db: DbOrTx, values: Record<string, unknown>): Promise<R> => {
    template ??= build(db).prepare(name) as Prepared<R>
    query ??= nullSafe(template.getQuery())
    const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: R }>(
      query,
      template.fields as never,
      name,
      template._isResponseInArrayMode,
      template.customResultMapper,
    ) as Prepared<R>
    prepared.joinsNotNullableMap = template.joinsNotNullableMap
    return prepared.execute(values)
  }
}

/**
 * A statement written in SQL (Drizzle's `sql`, its values `sql.placeholder`s) for `reusable`: what
 * a builder cannot say (a set-returning function's rows, a NOTIFY in the same round trip). Its rows
 * come back as the driver gives them.
 */
export const rawStatement = (db: DbOrTx, statement: SQL): Preparable<unknown> => ({
  prepare: (name) => {
    // the dialect that turns `sql` into text and parameters: the database's own (internal in its type)
    const { dialect } = db as unknown as { dialect: PgDialect }
    return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false)
  },
})

/**
 * A family of `reusable` statements, one per key of what it is built from (a status the statement
 * moves to, the columns it sets, the shape of a viewer's scopes), each built from the first input
 * of its key when first asked for and named `${name}_${key}`. The key is the input itself unless
 * `keyOf` says otherwise; it must tell apart every input that builds another statement.
 */
export const reusableEach = <I, R>(
  name: string,
  build: (db: DbOrTx, input: I) => Preparable<R>,
  keyOf: (input: I) => string | number = (input) => input as string | number,
) => {
  const made = new Map<string | number, ReturnType<typeof reusable<R>>>()
  return (input: I) => {
    const key = keyOf(input)
    let run = made.get(key)
    if (!run) {
      run = reusable<R>(`${name}_${key}`, (db) => build(db, input))
      made.set(key, run)
    }
    return run
  }
}

/**
 * Each column as a placeholder named `prefix_column`, for a `reusable` statement that writes
 * several rows' columns at once (each its own prefix); `placed` gives the values those names.
 */
export const placeholders = (prefix: string, columns: readonly string[]) =>
  Object.fromEntries(columns.map((k) => [k, sql.placeholder(`${prefix}_${k}`)]))
export const placed = (prefix: string, values: object) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}_${k}`, v]))
