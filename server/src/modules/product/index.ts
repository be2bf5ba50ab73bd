import type { FastifyInstance } from 'fastify'
import { keepsPrincipals } from '../../platform/access.ts'
import { createApprovalEngine } from '../../platform/approval/index.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { branchSaleCrud } from './branch-sale.resource.ts'
import { createBranchSaleService } from './branch-sale.service.ts'
import { categoryCrud } from './category.resource.ts'
import { priceCrud } from './price.resource.ts'
import { createPriceService } from './price.service.ts'
import { productCrud } from './product.resource.ts'
import { createProductReview } from './product.review.ts'
import { productRoutes } from './product.routes.ts'
import { productUnitCrud } from './unit.resource.ts'

/** What sales reads of products: what a branch may order, and the facts a line is weighed by. */
export { branchOfferOf, branchOfferPage, type OfferedProduct, productFacts } from './product.service.ts'

/**
 * Products (issue 7): categories, products with units, images and review, prices, branch-sale
 * relations. Declared resources for the lists, routes for the calls of their own.
 */
export const productModule = async (app: FastifyInstance) => {
  // no route of product changes sessions, users, roles or grants
  keepsPrincipals(app)
  const { db } = app.deps.database
  const review = createProductReview({
    engine: createApprovalEngine({ events: app.deps.events }),
    events: app.deps.events,
  })
  const unsubscribe = review.subscribe()
  app.addHook('onClose', async () => unsubscribe())

  for (const resource of [categoryCrud, productCrud(review), productUnitCrud, priceCrud, branchSaleCrud]) {
    registerResource(app, resource)
  }
  await app.register(
    productRoutes({ review, prices: createPriceService({ db }), branchSales: createBranchSaleService({ db }) }),
  )
}
