import type { FastifyInstance } from 'fastify'
import { keepsPrincipals } from '../../platform/access.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { createBranchStockService } from './branch-stock.service.ts'
import { STOCK_CRUD } from './stock.resources.ts'
import { stockRoutes } from './stock.routes.ts'
import { createStockDocService } from './stock-doc.service.ts'

/**
 * Stock (issue 7): read-only lists of stock, branch stock, documents and ledger, and the calls
 * that write them — purchase in, production in, sales out, branch stock upload.
 */
export const stockModule = async (app: FastifyInstance) => {
  // no route of stock changes sessions, users, roles or grants
  keepsPrincipals(app)
  const { db } = app.deps.database
  for (const resource of STOCK_CRUD) registerResource(app, resource)
  await app.register(
    stockRoutes({ docs: createStockDocService({ db }), branchStock: createBranchStockService({ db }) }),
  )
}

export { branchStockUploaded } from './branch-stock.service.ts'
export { batchesOf } from './movements.ts'
export type { StockDocService } from './stock-doc.service.ts'
export { createStockDocService } from './stock-doc.service.ts'
