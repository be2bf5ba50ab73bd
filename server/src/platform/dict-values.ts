import { Errors } from '@app/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { dictItems, dictTypes } from '../db/schema/index.ts'
import { fail } from './errors.ts'

/** The values a record holds already: at hand, or read only when a value is not enabled. */
export type HeldValues = readonly unknown[] | (() => Promise<readonly unknown[]>)

/** A field holding a value of an open dictionary; `held`: the values the record holds already. */
export type DictValueCheck = { field: string; dict: string; value: unknown; held?: HeldValues }

/**
 * Fields of open dictionaries (contracts `DictDef.open`: units, dosage forms...) take any value of
 * their dictionary, those added at run time too: each value must be in it and enabled, unless the
 * record holds it already (a value disabled since stays on the records that have it). One statement
 * for all the checks of a save; values held that must be read are read only for a value not found.
 * An empty value is left to the schema.
 */
export const assertDictValues = async (tx: DbOrTx, checks: readonly DictValueCheck[]) => {
  const asked = checks.filter(
    (c) => c.value != null && c.value !== '' && !(Array.isArray(c.held) && c.held.includes(c.value)),
  )
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
  const read = new Map<HeldValues, Promise<readonly unknown[]>>()
  for (const c of asked) {
    if (there.has(`${c.dict}\u0000${String(c.value)}`)) continue
    const held = typeof c.held === 'function' ? c.held : null
    if (held) {
      if (!read.has(held)) read.set(held, held())
      if ((await read.get(held))?.includes(c.value)) continue
    }
    fail(Errors.DictValueUnknown, { field: c.field, value: c.value })
  }
}
