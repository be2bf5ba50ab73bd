import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { saleOrderDrafts } from '../../db/schema/index.ts'

/** The order modal's draft box: one unsaved order per user (SPEC 4 'Order draft'). */
export const orderDrafts = {
  async get(db: DbOrTx, userId: string) {
    const [row] = await db.select().from(saleOrderDrafts).where(eq(saleOrderDrafts.userId, userId))
    return row ? { draft: row.draft as Record<string, unknown>, savedAt: row.savedAt.toISOString() } : null
  },
  async save(db: DbOrTx, userId: string, draft: Record<string, unknown>) {
    const savedAt = new Date()
    await db
      .insert(saleOrderDrafts)
      .values({ userId, draft, savedAt })
      .onConflictDoUpdate({ target: saleOrderDrafts.userId, set: { draft, savedAt } })
    return { draft, savedAt: savedAt.toISOString() }
  },
  clear: (db: DbOrTx, userId: string) => db.delete(saleOrderDrafts).where(eq(saleOrderDrafts.userId, userId)),
}
