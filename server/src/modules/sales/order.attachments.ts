import { Errors } from '@app/contracts'
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { attachments } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { fail } from '../../platform/errors.ts'
import { ORDER_TABLE_DIC } from './order.detail.ts'

/** An order's attachments: the caller's uploads given to it, and those it holds. */

/**
 * Attaches the caller's uploads to the order and lets go of the ones no longer listed; nothing to
 * do when they are the ones it holds (`held`, as the caller read them).
 */
export const attach = async (
  tx: DbOrTx,
  principal: Principal,
  orderId: string,
  ids: readonly string[],
  held: readonly string[] = [],
) => {
  const listed = new Set(ids)
  if (listed.size === held.length && held.every((id) => listed.has(id))) return
  const mine = ids.length
    ? await tx
        .select({ id: attachments.id })
        .from(attachments)
        .where(
          and(
            inArray(attachments.id, [...ids]),
            or(
              and(isNull(attachments.objectId), eq(attachments.createBy, principal.userId)),
              and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, orderId)),
            ),
          ),
        )
    : []
  if (mine.length !== listed.size) fail(Errors.FileNotFound, { field: 'attachmentIds' })
  await tx
    .update(attachments)
    .set({ tableDic: null, objectId: null })
    .where(and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, orderId)))
  if (ids.length)
    await tx
      .update(attachments)
      .set({ tableDic: ORDER_TABLE_DIC, objectId: orderId })
      .where(inArray(attachments.id, [...ids]))
}

export const attachmentIdsOf = async (db: DbOrTx, orderId: string) =>
  (
    await db
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(eq(attachments.tableDic, ORDER_TABLE_DIC), eq(attachments.objectId, orderId)))
  ).map((r) => r.id)
