import { errorByCode, type Lang } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { codeTable } from '../db/schema/index.ts'

/** How long an instance keeps the texts before reading them again (edits show within this). */
const TTL_MS = 5_000

/**
 * Error texts as the runtime code table has them (the language-config screen edits them; SPEC 3
 * 'code table ... error messages'), falling back to the catalogue in packages/contracts. Read
 * once per few seconds per instance, not per error.
 */
export const createErrorTexts = (db: DbOrTx) => {
  let texts = new Map<number, { zh: string; en: string }>()
  let loadedAt = 0
  let loading: Promise<void> | null = null

  const load = async () => {
    const rows = await db
      .select({ id: codeTable.id, zh: codeTable.zh, en: codeTable.en })
      .from(codeTable)
      .where(eq(codeTable.category, 'error'))
    texts = new Map(rows.map((r) => [r.id, { zh: r.zh, en: r.en }]))
    loadedAt = Date.now()
  }

  return {
    async textOf(code: number, lang: Lang): Promise<string | undefined> {
      if (Date.now() - loadedAt > TTL_MS) {
        loading ??= load().finally(() => {
          loading = null
        })
        // an error answer must never fail for want of its text: the catalogue stands in
        await loading.catch(() => undefined)
      }
      return texts.get(code)?.[lang] || errorByCode(code)?.[lang]
    },
  }
}

export type ErrorTexts = ReturnType<typeof createErrorTexts>
