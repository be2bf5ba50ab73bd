import type pg from 'pg'
import pgUtils from 'pg/lib/utils.js'

type Parser = (text: string) => unknown
type Field = { dataTypeID: number }
type Columns = { oids: number[]; parsers: Parser[] }

/** The most statements whose columns are remembered; past it the memory starts again (list shapes are bounded well below). */
const MAX_STATEMENTS = 2000

/**
 * One statement of the hottest reads (list pages and counts) as pg's `Submittable`, the extension
 * point pg-cursor is built on: parse, bind, describe, execute and sync in one write, every row an
 * array of values parsed by the column's type. Unlike `pool.query({ rowMode: 'array' })` it does
 * not build a result object, a query event emitter and a row template for every execution: the
 * columns' parsers are worked out once per statement and reused while its row description stays
 * the same. It answers exactly what that call answers (`arrays.test.ts`).
 */
class ArrayQuery {
  private rows: unknown[][] = []
  private parsers: Parser[] = []
  private settled = false

  constructor(
    private readonly text: string,
    private readonly values: unknown[],
    private readonly columnsOf: (text: string, fields: Field[]) => Parser[],
    private readonly done: (error: Error | null, rows: unknown[][]) => void,
  ) {}

  submit(connection: pg.Connection): Error | null {
    // values first: a value pg cannot write fails the query before anything is sent
    let values: (Buffer | string | null)[]
    try {
      values = this.values.map((v) => pgUtils.prepareValue(v))
    } catch (error) {
      return error as Error
    }
    const stream = connection.stream as pg.Connection['stream'] & { cork(): void; uncork(): void }
    stream.cork()
    try {
      connection.parse({ name: '', text: this.text, types: [] }, false)
      connection.bind({ values }, false)
      connection.describe({ type: 'P' }, false)
      connection.execute({}, false)
      connection.sync()
    } finally {
      stream.uncork()
    }
    return null
  }

  handleRowDescription(msg: { fields: Field[] }) {
    this.parsers = this.columnsOf(this.text, msg.fields)
  }

  handleDataRow(msg: { fields: (string | null)[] }) {
    const { fields } = msg
    const row = new Array<unknown>(fields.length)
    for (let i = 0; i < fields.length; i++) {
      const raw = fields[i]
      row[i] = raw === null || raw === undefined ? null : this.parsers[i]!(raw)
    }
    this.rows.push(row)
  }

  handleError(error: Error) {
    this.settle(error)
  }

  handleReadyForQuery() {
    this.settle(null)
  }

  handleCommandComplete() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyInResponse(connection: pg.Connection & { sendCopyFail(msg: string): void }) {
    connection.sendCopyFail('COPY is not read as rows')
  }
  handleCopyData() {}

  private settle(error: Error | null) {
    if (this.settled) return
    this.settled = true
    this.done(error, this.rows)
  }
}

/**
 * `(text, params) => rows as arrays` on a pg pool, each column parsed by `parserOf(type oid)`.
 * A failed statement releases its connection as broken, as `pool.query` does.
 */
export const createArrayQuery = (pool: pg.Pool, parserOf: (oid: number) => Parser) => {
  const columns = new Map<string, Columns>()
  const columnsOf = (text: string, fields: Field[]) => {
    const known = columns.get(text)
    if (known && known.oids.length === fields.length && fields.every((f, i) => f.dataTypeID === known.oids[i]))
      return known.parsers
    if (columns.size >= MAX_STATEMENTS) columns.clear()
    const fresh = { oids: fields.map((f) => f.dataTypeID), parsers: fields.map((f) => parserOf(f.dataTypeID)) }
    columns.set(text, fresh)
    return fresh.parsers
  }
  return async (text: string, params: unknown[]): Promise<unknown[][]> => {
    const client = await pool.connect()
    let failure: Error | undefined
    try {
      return await new Promise<unknown[][]>((resolve, reject) => {
        const query = new ArrayQuery(text, params, columnsOf, (error, rows) => (error ? reject(error) : resolve(rows)))
        client.query(query as unknown as pg.Submittable)
      })
    } catch (error) {
      failure = error as Error
      // a stack that leads back to the caller, not to the socket's read
      Error.captureStackTrace(failure)
      throw failure
    } finally {
      client.release(failure)
    }
  }
}
