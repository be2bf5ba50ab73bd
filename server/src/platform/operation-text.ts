import { type Lang, OPERATION_TEXT_IDS, type OperationNames, operationNames } from '@app/contracts'
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { codeTable } from '../db/schema/index.ts'

/**
 * What the operation log's entries name, in `lang`, from the runtime code table (the language
 * screen may have edited the texts), for exports: contracts' `operationNames` over one read.
 */
export const loadOperationTexts = async (db: DbOrTx, lang: Lang): Promise<OperationNames> => {
  const rows = await db
    .select()
    .from(codeTable)
    .where(inArray(codeTable.id, [...OPERATION_TEXT_IDS]))
  const texts = new Map(rows.map((r) => [r.id, r[lang] || r.zh]))
  return operationNames((def) => texts.get(def.textId) ?? def[lang])
}
