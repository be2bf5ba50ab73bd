import { Errors } from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { dictItems, dictTypes } from '../db/schema/index.ts'
import { fail } from './errors.ts'

/** A field holding a value of an open dictionary; `held`: the values the record holds already. */
export type DictValueCheck = { field: string; dict: string; value: unknown; held?: readonly unknown[] }

/**
 * Fields of open dictionaries (contracts `DictDef.open`: units, dosage forms...) take any value of
 * their dictionary, those added at run time too: each value must be in it and enabled, unless the
 * record holds it already (a value disabled since stays on the records that have it). One statement
 * for all the checks; an empty value is left to the schema.
 */
export const assertDictValues = async (tx: DbOrTx, checks: readonly DictValueCheck[]) => {
  const asked = checks.filter((c) => c.value != null && c.value !== '' && !c.held?.includes(c.value))
  if (asked.length === 0) return
  const found = await tx
    .select({ dict: dictTypes.dictCode, value: dictItems.value })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.dictId))
    .where(
      and(
        inArray(dictTypes.dictCode, [...new Set(asked.map((c) => c.dict))]),
        inArray(dictItems.value, [...new Set(asked.map((c) => String(c.value)))]),
        eq(dictItems.status, '1'),
      ),
    )
  const there = new Set(found.map((f) => `${f.dict}\u0000${f.value}`))
  const missing = asked.find((c) => !there.has(`${c.dict}\u0000${String(c.value)}`))
  if (missing) fail(Errors.DictValueUnknown, { field: missing.field, value: missing.value })
}
