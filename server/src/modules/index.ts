import type { FastifyInstance } from 'fastify'
import { approvalModule } from './approval/index.ts'
import { dashboardModule } from './dashboard/index.ts'
import { healthRoutes } from './health.routes.ts'
import { masterDataModule } from './masterdata/index.ts'
import { messagingModule } from './messaging/index.ts'
import { notifyModule } from './notify/index.ts'
import { productModule } from './product/index.ts'
import { salesModule } from './sales/index.ts'
import { ssoModule } from './sso/index.ts'
import { stockModule } from './stock/index.ts'
import { systemModule } from './system/index.ts'

/** Every module's routes, under /api. A new area adds one line here. */
export const registerModules = async (app: FastifyInstance) => {
  await app.register(healthRoutes)
  await app.register(systemModule)
  await app.register(masterDataModule)
  await app.register(messagingModule)
  await app.register(approvalModule)
  await app.register(productModule)
  await app.register(stockModule)
  await app.register(salesModule)
  // after sales: an event's order has been moved when notifications read it
  await app.register(notifyModule)
  await app.register(dashboardModule)
  await app.register(ssoModule)
}
