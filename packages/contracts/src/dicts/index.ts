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
