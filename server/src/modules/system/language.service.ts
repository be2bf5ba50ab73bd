import { RUNTIME_CODE_FROM } from '@app/contracts'
import { count, eq, gte, inArray, max, sql, sum } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { codeTable, dictItems, dictTypes } from '../../db/schema/index.ts'

/**
 * The next free code-table id from RUNTIME_CODE_FROM (texts added at run time: dictionary labels,
 * entries added on the language screen). A transaction-scoped advisory lock makes two concurrent
 * additions take different ids; it ends with the transaction that took the id.
 */
export const nextCodeId = async (tx: DbOrTx): Promise<number> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sys_code.runtime_id'))`)
  const [row] = await tx
    .select({ top: max(codeTable.id) })
    .from(codeTable)
    .where(gte(codeTable.id, RUNTIME_CODE_FROM))
  return Math.max(RUNTIME_CODE_FROM, (row?.top ?? RUNTIME_CODE_FROM - 1) + 1)
}

type Texts = { zh?: unknown; en?: unknown }

/** A new code-table entry with its own id, for a text that has both languages. */
export const addCodeText = async (tx: DbOrTx, category: string, texts: { zh: string; en: string }, userId: string) => {
  const id = await nextCodeId(tx)
  await tx
    .insert(codeTable)
    .values({ id, category, zh: texts.zh, en: texts.en, updateAt: new Date(), updateBy: userId })
  return id
}

/** Changes the languages given (a language not sent keeps its text); the version moves so clients refetch. */
export const editCodeText = async (tx: DbOrTx, id: number, texts: Texts, userId: string) => {
  const set: Record<string, unknown> = {}
  if (typeof texts.zh === 'string') set.zh = texts.zh
  if (typeof texts.en === 'string') set.en = texts.en
  if (Object.keys(set).length === 0) return
  await tx
    .update(codeTable)
    .set({ ...set, updateAt: new Date(), updateBy: userId, version: sql`${codeTable.version} + 1` })
    .where(eq(codeTable.id, id))
}

/** Removes texts the system handed out at run time (the seeded catalogue's ids are never removed). */
export const removeRuntimeTexts = async (tx: DbOrTx, ids: readonly number[]) => {
  const runtime = ids.filter((id) => id >= RUNTIME_CODE_FROM)
  if (runtime.length > 0) await tx.delete(codeTable).where(inArray(codeTable.id, runtime))
}

/** The zh/en texts of many ids in one query. */
export const codeTexts = async (db: DbOrTx, ids: readonly number[]) => {
  const out = new Map<number, { zh: string; en: string }>()
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return out
  const rows = await db
    .select({ id: codeTable.id, zh: codeTable.zh, en: codeTable.en })
    .from(codeTable)
    .where(inArray(codeTable.id, wanted))
  for (const r of rows) out.set(r.id, { zh: r.zh, en: r.en })
  return out
}

/**
 * Fingerprints of the code table and the dictionaries: row count, sum of versions, highest id and
 * latest change move with every add, edit and delete (the latest change also with a removal
 * followed by an addition that takes the removed id, e.g. a field label reset and saved again),
 * and cost one aggregate each.
 */
export const catalogueVersion = async (db: DbOrTx) => {
  const fingerprint = (table: typeof codeTable | typeof dictItems | typeof dictTypes) =>
    db
      .select({ n: count(), v: sum(table.version), top: max(table.id), at: max(table.updateAt) })
      .from(table)
      .then(([r]) => `${r?.n ?? 0}.${r?.v ?? 0}.${r?.top ?? 0}.${r?.at ? new Date(r.at).getTime() : 0}`)
  const [code, items, types] = await Promise.all([
    fingerprint(codeTable),
    fingerprint(dictItems),
    fingerprint(dictTypes),
  ])
  return { code, dict: `${types}-${items}` }
}
