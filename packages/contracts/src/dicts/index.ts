import { Errors } from '../errors.ts'
import { approvalDicts } from './approval.ts'
import { masterDataDicts } from './masterdata.ts'
import { messagingDicts } from './messaging.ts'
import { productDicts } from './product.ts'
import { salesDicts } from './sales.ts'
import { systemDicts } from './system.ts'
import type { DictDef } from './types.ts'

export * from './approval.ts'
export * from './masterdata.ts'
export * from './messaging.ts'
export * from './product.ts'
export * from './sales.ts'
export * from './system.ts'
export type { DictDef, DictItemDef } from './types.ts'

/** Every dictionary the seed creates: each area's list (system, master data, sales, approval...). */
export const DICTIONARIES: readonly DictDef[] = [
  ...systemDicts,
  ...masterDataDicts,
  ...salesDicts,
  ...approvalDicts,
  ...productDicts,
  ...messagingDicts,
]

const BUILT_IN_CODES: ReadonlySet<string> = new Set(DICTIONARIES.map((d) => d.code))
const OPEN_CODES: ReadonlySet<string> = new Set(DICTIONARIES.filter((d) => d.open).map((d) => d.code))

/**
 * Whether a dictionary takes a new value: one added at run time, or a built-in open one (null);
 * a built-in closed one's values are the code's own (DictClosed). The dictionary screen offers only
 * the dictionaries that take values; the server refuses the others with this answer.
 */
export const newDictValueRefusal = (dictCode: string) =>
  BUILT_IN_CODES.has(dictCode) && !OPEN_CODES.has(dictCode) ? Errors.DictClosed : null
