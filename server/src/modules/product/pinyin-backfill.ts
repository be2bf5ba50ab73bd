import { and, eq, isNull, ne, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { products } from '../../db/schema/index.ts'
import { pinyinOf } from '../../platform/pinyin.ts'

const BATCH = 500

/**
 * Gives every named product its full pinyin and initials (SPEC 5 search) where either is missing:
 * PostgreSQL has no pinyin, so it runs at start-up. A product with both is left alone, so a second
 * run changes nothing. Answers how many products it wrote.
 */
export const backfillProductPinyin = async (db: DbOrTx): Promise<number> => {
  let written = 0
  for (;;) {
    const missing = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(ne(products.name, ''), or(isNull(products.namePinyin), isNull(products.nameInitials))))
      .limit(BATCH)
    for (const p of missing) {
      await db.update(products).set(pinyinOf(p.name)).where(eq(products.id, p.id))
    }
    written += missing.length
    if (missing.length < BATCH) return written
  }
}
