import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import { CasingCache } from 'drizzle-orm/casing'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../db/client.ts'

/** Column names as the app's Drizzle instance writes them (`casing: 'snake_case'`, db/client.ts). */
const casing = new CasingCache('snake_case')

const CHUNK = 5000

/**
 * Many rows in a few statements: the rows travel as ONE JSON parameter and PostgreSQL unpacks
 * them with json_populate_recordset. Building a multi-row VALUES list through the query builder
 * costs about a millisecond per row in parameter objects; this costs the JSON text. Values go in
 * as JSON (Dates as ISO text, jsonb columns as nested JSON); a column no row sets keeps its
 * default, so rows are grouped by the columns they set: one insert per group (and per
 * `CHUNK` rows), to run or to write together with others (`writeTogether`). They answer nothing:
 * callers that need ids set them (randomUUID) before.
 */
export const rowsInserts = (table: PgTable, rows: readonly Record<string, unknown>[]): SQL[] => {
  const columns = getTableColumns(table)
  const groups = new Map<string, Record<string, unknown>[]>()
  for (const row of rows) {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined) continue
      const column = columns[key]
      if (!column) throw new Error(`bulkInsert: no column ${key}`)
      out[casing.getColumnCasing(column)] = value
    }
    const signature = Object.keys(out).sort().join(',')
    groups.set(signature, [...(groups.get(signature) ?? []), out])
  }
  return [...groups].flatMap(([signature, group]) => {
    const names = sql.join(
      signature.split(',').map((n) => sql.identifier(n)),
      sql`, `,
    )
    const inserts: SQL[] = []
    for (let i = 0; i < group.length; i += CHUNK) {
      const json = JSON.stringify(group.slice(i, i + CHUNK))
      inserts.push(
        sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ${json}::json)`,
      )
    }
    return inserts
  })
}

/** `rowsInserts`, each run in turn. */
export const bulkInsert = async (db: DbOrTx, table: PgTable, rows: readonly Record<string, unknown>[]) => {
  for (const insert of rowsInserts(table, rows)) await db.execute(insert)
}

/**
 * Rows updated by their ids in one statement, to run or to write together with others
 * (`writeTogether`): each row sets the columns `keys` names (the same for every row) to its
 * values, which travel as one JSON parameter as `rowsInserts`' do.
 */
export const rowsUpdate = <K extends string>(
  table: PgTable,
  keys: readonly K[],
  rows: readonly ({ id: string } & Record<K, unknown>)[],
): SQL => {
  const columns = getTableColumns(table)
  const nameOf = (key: string) => {
    const column = columns[key]
    if (!column) throw new Error(`rowsUpdate: no column ${key}`)
    return casing.getColumnCasing(column)
  }
  const names = keys.map(nameOf)
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries([['id', row.id], ...keys.map((k, i) => [names[i], row[k]])])),
  )
  const set = sql.join(
    names.map((n) => sql`${sql.identifier(n)} = v.${sql.identifier(n)}`),
    sql`, `,
  )
  return sql`UPDATE ${table} SET ${set} FROM json_populate_recordset(NULL::${table}, ${json}::json) AS v
    WHERE ${table}.${sql.identifier(nameOf('id'))} = v.${sql.identifier(nameOf('id'))}`
}
