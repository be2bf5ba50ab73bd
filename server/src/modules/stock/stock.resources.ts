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
import { z } from 'zod'
import { branchStocks, stockDocs, stockLedger, stocks } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'

/** Stock lists only read (and export): documents and uploads are their only writers. */
const readOnly = { verbs: ['export'] as const, input: z.object({}) }

export const STOCK_CRUD: readonly CrudResource[] = [
  { ...readOnly, meta: stockResource, table: stocks, record: StockSchema },
  { ...readOnly, meta: branchStockResource, table: branchStocks, record: BranchStockSchema },
  { ...readOnly, meta: stockDocResource, table: stockDocs, record: StockDocSchema },
  { ...readOnly, meta: stockLedgerResource, table: stockLedger, record: StockLedgerSchema },
]
