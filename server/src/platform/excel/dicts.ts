import type { Lang } from '@app/contracts'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { codeTable, dictItems, dictTypes } from '../../db/schema/index.ts'

type DictItemText = { value: string; zh: string; en: string }

/** Dictionary items with their texts from the runtime code table (the language screen may have edited them). */
export type DictTexts = ReadonlyMap<string, readonly DictItemText[]>

/** The items of the given dictionaries, by dictionary code; one query. */
export const loadDictTexts = async (db: Db, codes: readonly string[]): Promise<DictTexts> => {
  const out = new Map<string, DictItemText[]>()
  if (codes.length === 0) return out
  const rows = await db
    .select({ dict: dictTypes.dictCode, value: dictItems.value, zh: codeTable.zh, en: codeTable.en })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.dictId))
    .leftJoin(codeTable, eq(codeTable.id, dictItems.textId))
    .where(inArray(dictTypes.dictCode, [...new Set(codes)]))
  for (const row of rows) {
    const items = out.get(row.dict) ?? []
    items.push({ value: row.value, zh: row.zh ?? row.value, en: row.en ?? row.value })
    out.set(row.dict, items)
  }
  return out
}

/** A stored value as its text in `lang`; an unknown value stays as it is. */
export const dictText = (dicts: DictTexts, dict: string, value: string, lang: Lang) =>
  dicts.get(dict)?.find((i) => i.value === value)?.[lang] ?? value

const norm = (text: string) => text.trim().toLowerCase()

/** The stored value for a text a user typed: the value itself or its text in either language. */
export const dictValue = (dicts: DictTexts, dict: string, text: string): string | undefined => {
  const items = dicts.get(dict) ?? []
  const t = norm(text)
  return (
    items.find((i) => i.value === text.trim()) ??
    items.find((i) => norm(i.zh) === t || norm(i.en) === t) ??
    items.find((i) => norm(i.value) === t)
  )?.value
}
