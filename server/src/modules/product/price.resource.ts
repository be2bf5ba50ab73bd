import { Errors, PriceInputSchema, PriceSchema, priceResource } from '@app/contracts'
import { productPrices } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { fail } from '../../platform/errors.ts'

/**
 * The price list screen (menu pro_price): one row per product and price type. Prices are set
 * from the product's price modal (`addOrEditProductPrice`) and edited here; never added or
 * deleted here. Every change is in the operation log, which `modifyHistory` shows.
 */
export const priceCrud: CrudResource = {
  meta: priceResource,
  table: productPrices,
  record: PriceSchema,
  input: PriceInputSchema,
  verbs: ['edit', 'history', 'export'],
  hooks: {
    async beforeUpdate(values, before) {
      for (const field of ['productId', 'priceType'] as const) {
        if (field in values && values[field] !== before[field]) fail(Errors.ParameterError, { field })
      }
      return values
    },
  },
}
