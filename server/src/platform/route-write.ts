import type { FastifyRequest } from 'fastify'
import type { Db, DbOrTx } from '../db/client.ts'
import { principalOf } from './access.ts'
import type { RequestInfo } from './audit-log.ts'
import type { Principal } from './auth/principal.ts'
import { ok } from './envelope.ts'

/** A service's write: in the caller's transaction, for a principal, with the route's input and the request. */
export type Write<I, R> = (tx: DbOrTx, principal: Principal, input: I, req: RequestInfo) => Promise<R>

const same = <R, A>(r: R) => r as unknown as A

/**
 * A write route's handler: the service's write in one transaction, given the caller, the route's
 * body and the request (what its operation-log entry records), answered in the envelope; `shape`
 * turns the write's result into the route's answer where they differ. The body's type is the
 * route schema's, which must be what the write takes.
 */
export const writes =
  <I, R, A = R>(db: Db, write: Write<I, R>, shape: (result: R) => A = same) =>
  async (req: FastifyRequest<{ Body: I }>) =>
    ok(shape(await db.transaction((tx) => write(tx, principalOf(req), req.body as I, req))))

/** The same for a route whose input is its query string (a delete by id). */
export const writesQuery =
  <I, R, A = R>(db: Db, write: Write<I, R>, shape: (result: R) => A = same) =>
  async (req: FastifyRequest<{ Querystring: I }>) =>
    ok(shape(await db.transaction((tx) => write(tx, principalOf(req), req.query as I, req))))
