import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { type DbOrTx, writeTogether } from '../db/client.ts'
import { placed, placeholders, reusable } from '../db/reusable.ts'
import { operationLogs } from '../db/schema/index.ts'
import { rowsInserts } from './bulk-insert.ts'
import { carriesPending } from './sequence.ts'

export const LogType = { Login: 1, Operation: 2, Review: 3 } as const
export type LogType = (typeof LogType)[keyof typeof LogType]

export type OperationEntry = {
  logType?: LogType
  /** What was done: a permission key (`md_supplier:add`) or a verb (`login`, `logout`). */
  operation: string
  resource?: string
  objectId?: string | null
  /** The record's label (name or code) as the modify history shows and searches it. */
  objectLabel?: string | null
  before?: unknown
  after?: unknown
  /** For calls without a signed-in user (login, register). */
  user?: { id: string | null; username: string }
}

/**
 * What a log entry needs of the request. A FastifyRequest is one; work that outlives its request
 * (an import job) passes a copy taken while the request was live (`requestInfoOf`).
 */
export type RequestInfo = Pick<FastifyRequest, 'ip' | 'method' | 'url' | 'id' | 'startedAt' | 'principal'> & {
  routeOptions: { url?: string }
}

export const requestInfoOf = (req: FastifyRequest): RequestInfo => ({
  ip: req.ip,
  method: req.method,
  url: req.url,
  id: req.id,
  startedAt: req.startedAt,
  principal: req.principal,
  routeOptions: { url: req.routeOptions.url },
})

/**
 * What a log entry written by an event handler (a review's end moving its object) says of where
 * it came from: no request of its own; the entry names its user with `user`.
 */
export const eventRequest = (path: string): RequestInfo => ({
  ip: '',
  method: 'EVENT',
  url: path,
  id: '',
  startedAt: performance.now(),
  principal: null,
  routeOptions: { url: path },
})

const logRow = (req: RequestInfo, entry: OperationEntry) => {
  const user = entry.user ?? (req.principal ? { id: req.principal.userId, username: req.principal.username } : null)
  return {
    logType: entry.logType ?? LogType.Operation,
    userId: user?.id ?? null,
    username: user?.username ?? null,
    ip: req.ip,
    method: req.method,
    path: req.routeOptions.url ?? req.url.split('?')[0],
    operation: entry.operation,
    resource: entry.resource,
    objectId: entry.objectId ?? null,
    objectLabel: entry.objectLabel?.slice(0, 255) ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    costMs: Math.round(performance.now() - req.startedAt),
    requestId: req.id,
  }
}

/**
 * Records who did what, when, from where and how long it had taken so far (DESIGN 3). Pass the
 * transaction of the change, so the change and its log entry land together or not at all.
 */
export const recordOperation = async (db: DbOrTx, req: RequestInfo, entry: OperationEntry) => {
  await insertLog(db, placedOperation(req, entry))
  carriesNumber(db, entry)
}

/**
 * An entry that names a number its transaction takes at its end (a new order's label and image)
 * has it written in when it is taken: the entry is found as this transaction's (its time is the
 * transaction's start, `now()`) of its object.
 */
const carriesNumber = (db: DbOrTx, entry: OperationEntry) =>
  carriesPending(db, () => JSON.stringify([entry.objectLabel, entry.before, entry.after]), {
    table: operationLogs,
    where: and(
      eq(operationLogs.createAt, sql`now()`),
      entry.resource ? eq(operationLogs.resource, entry.resource) : isNull(operationLogs.resource),
      entry.objectId ? eq(operationLogs.objectId, entry.objectId) : isNull(operationLogs.objectId),
    )!,
    text: ['objectLabel'],
    json: ['before', 'after'],
  })

/** A sign-in's log entry (by password or through the identity provider), naming who signed in. */
export const recordLogin = (db: DbOrTx, req: RequestInfo, user: { id: string; username: string }) =>
  recordOperation(db, req, { logType: LogType.Login, operation: 'login', user })

/** Every column an entry writes (the type checks none is missed), each a placeholder of `placedOperationInsert`. */
const LOG_COLUMNS: Record<keyof ReturnType<typeof logRow>, true> = {
  logType: true,
  userId: true,
  username: true,
  ip: true,
  method: true,
  path: true,
  operation: true,
  resource: true,
  objectId: true,
  objectLabel: true,
  before: true,
  after: true,
  costMs: true,
  requestId: true,
}

/**
 * The insert of one entry with its columns in placeholders (`log_column`): built once, as its own
 * statement (every write logs one) or as a part of a writer's own (`placedOperation` its values).
 */
export const placedOperationInsert = (db: DbOrTx) =>
  db.insert(operationLogs).values(placeholders('log', Object.keys(LOG_COLUMNS)) as never)
export const placedOperation = (req: RequestInfo, entry: OperationEntry) => placed('log', logRow(req, entry))

const insertLog = reusable('sys_log_insert', placedOperationInsert)

/** recordOperation's insert, not yet run: a writer can make it a part of its own statement. */
export const operationInsert = (db: DbOrTx, req: RequestInfo, entry: OperationEntry) => {
  carriesNumber(db, entry)
  return db.insert(operationLogs).values(logRow(req, entry))
}

/** Many entries in bulk, not yet written (`rowsInserts`: for a writer's own statement). */
export const operationsInserts = (req: RequestInfo, entries: readonly OperationEntry[]) =>
  rowsInserts(
    operationLogs,
    entries.map((e) => logRow(req, e)),
  )

/** Many entries in bulk (an import logs every row it writes). */
export const recordOperations = (db: DbOrTx, req: RequestInfo, entries: readonly OperationEntry[]) =>
  writeTogether(db, operationsInserts(req, entries))

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request arrived. */
    startedAt: number
  }
}
