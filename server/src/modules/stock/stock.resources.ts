import {
  BranchStockSchema,
  branchStockResource,
  StockDocSchema,
  StockLedgerSchema,
  StockSchema,
  stockDocResource,
  stockLedgerResource,
  stockResource,
} from '@app/contracts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { branches, branchStocks, stockDocs, stockLedger, stocks, userBranches } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { conditionsOf, escapeLike } from '../../platform/list-query.ts'

/** Stock lists only read (and export): documents and uploads are their only writers. */
const readOnly = { verbs: ['export'] as const, input: z.object({}) }

/**
 * A branch's reported stock is its own business, read as its orders are: with the `all` data
 * permission every branch; otherwise the branches the user manages (sys_user_branch), and with the
 * `department` permission also the branches run by the user's department or one below it.
 */
const branchStockVisibleTo = (principal: Principal) => {
  if (principal.dataScope === 'all') return conditionsOf('branchStock:all', [], () => undefined)
  const managed = (user: unknown) =>
    sql`${branchStocks.branchId} in (select ${userBranches.branchId} from ${userBranches} where ${userBranches.userId} = ${user})`
  if (principal.dataScope !== 'department' || !principal.orgCode)
    return conditionsOf('branchStock:managed', [principal.userId], (bind) => managed(bind(principal.userId)))
  const prefix = `${escapeLike(principal.orgCode)}%`
  return conditionsOf('branchStock:department', [principal.userId, prefix], (bind) => {
    const user = bind(principal.userId)
    return sql`(${managed(user)} or ${branchStocks.branchId} in (select ${branches.id} from ${branches} where ${branches.orgCode} like ${bind(prefix)}))`
  })
}

export const STOCK_CRUD: readonly CrudResource[] = [
  { ...readOnly, meta: stockResource, table: stocks, record: StockSchema },
  {
    ...readOnly,
    meta: branchStockResource,
    table: branchStocks,
    record: BranchStockSchema,
    visibleTo: branchStockVisibleTo,
  },
  { ...readOnly, meta: stockDocResource, table: stockDocs, record: StockDocSchema },
  { ...readOnly, meta: stockLedgerResource, table: stockLedger, record: StockLedgerSchema },
]
