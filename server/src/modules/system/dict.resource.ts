import {
  DICTIONARIES,
  DictEditSchema,
  DictInputSchema,
  DictItemEditSchema,
  DictItemInputSchema,
  DictItemSchema,
  DictOptionSchema,
  DictSchema,
  dictItemResource,
  dictResource,
  Errors,
  newDictValueRefusal,
} from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { dictItems, dictTypes } from '../../db/schema/index.ts'
import type { CrudResource, Row } from '../../platform/crud/resource.ts'
import { fail, refuse } from '../../platform/errors.ts'
import { addCodeText, codeTexts, editCodeText, removeRuntimeTexts } from './language.service.ts'

/** The dictionaries and values the product's code relies on: their labels may change, they may not go. */
const BUILT_IN = new Map(DICTIONARIES.map((d) => [d.code, new Set(d.items.map((i) => i.value))]))

const withTexts = async (rows: Row[], db: DbOrTx, zh: string, en: string) => {
  const texts = await codeTexts(
    db,
    rows.map((r) => Number(r.textId)),
  )
  return rows.map((r) => {
    const t = texts.get(Number(r.textId))
    return { ...r, [zh]: t?.zh ?? '', [en]: t?.en ?? '' }
  })
}

const dictOf = async (tx: DbOrTx, dictId: number) => {
  const [dict] = await tx.select().from(dictTypes).where(eq(dictTypes.id, dictId)).limit(1)
  return dict ?? fail(Errors.ParameterError, { field: 'dictId' })
}

/**
 * Dictionary types (SPEC 3 'dictionary cache'): a code and a name, the name a code-table entry
 * allocated on add. Built-in dictionaries cannot be deleted; a deleted one takes its items along.
 */
export const dictCrud: CrudResource = {
  meta: dictResource,
  table: dictTypes,
  record: DictSchema,
  input: DictInputSchema,
  editInput: DictEditSchema,
  idType: 'int',
  defaultSort: { column: 'dictCode', order: 'asc' },
  verbs: ['add', 'edit', 'delete'],
  listAll: { record: DictOptionSchema },
  decorate: (rows, db) => withTexts(rows, db, 'nameZh', 'nameEn'),
  hooks: {
    async beforeInsert(values, { tx, principal }) {
      const textId = await addCodeText(
        tx,
        'dict',
        { zh: String(values.nameZh), en: String(values.nameEn) },
        principal.userId,
      )
      return { ...values, textId }
    },
    async beforeUpdate(values, before, { tx, principal }) {
      await editCodeText(tx, Number(before.textId), { zh: values.nameZh, en: values.nameEn }, principal.userId)
      return values
    },
    async beforeDelete(row, { tx }) {
      if (BUILT_IN.has(String(row.dictCode))) fail(Errors.BuiltInProtected)
      const items = await tx
        .select({ textId: dictItems.textId })
        .from(dictItems)
        .where(eq(dictItems.dictId, Number(row.id)))
      await removeRuntimeTexts(tx, [Number(row.textId), ...items.map((i) => i.textId)])
    },
  },
}

/**
 * Dictionary items: a stored value (fixed once created: records hold it) and a label in both
 * languages, kept as a code-table entry of its own. A built-in value cannot be deleted; it can be
 * relabelled, re-sorted or disabled. Values are added to dictionaries added at run time and to the
 * open built-in ones (`newDictValueRefusal`).
 */
export const dictItemCrud: CrudResource = {
  meta: dictItemResource,
  table: dictItems,
  record: DictItemSchema,
  input: DictItemInputSchema,
  editInput: DictItemEditSchema,
  idType: 'int',
  defaultSort: { column: 'dictId', order: 'asc' },
  verbs: ['add', 'edit', 'delete', 'status'],
  decorate: (rows, db) => withTexts(rows, db, 'labelZh', 'labelEn'),
  hooks: {
    async beforeInsert(values, { tx, principal }) {
      const dict = await dictOf(tx, Number(values.dictId))
      refuse(newDictValueRefusal(dict.dictCode))
      const [taken] = await tx
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.dictId, dict.id), eq(dictItems.value, String(values.value))))
        .limit(1)
      if (taken) fail(Errors.DuplicateValue, { field: 'value', value: values.value })
      const textId = await addCodeText(
        tx,
        dict.dictCode,
        { zh: String(values.labelZh), en: String(values.labelEn) },
        principal.userId,
      )
      return { ...values, textId }
    },
    async beforeUpdate(values, before, { tx, principal }) {
      await editCodeText(tx, Number(before.textId), { zh: values.labelZh, en: values.labelEn }, principal.userId)
      return values
    },
    async beforeDelete(row, { tx }) {
      const dict = await dictOf(tx, Number(row.dictId))
      if (BUILT_IN.get(dict.dictCode)?.has(String(row.value))) fail(Errors.BuiltInProtected)
      await removeRuntimeTexts(tx, [Number(row.textId)])
    },
  },
}
