import { PriceInputSchema, priceResource } from '@app/contracts'
import '../../api/product.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/**
 * Prices (menu pro_price, /pro/priceList): every product's four prices with currency and
 * validity. Prices are set from the product's price modal; here they are edited, exported and
 * their modify history read (each change: who, when, before, after).
 */
const list = defineList({
  resource: priceResource,
  input: PriceInputSchema,
  columnOrder: ['productId', 'priceType', 'price', 'currency', 'validFrom', 'validTo'],
  form: { productId: { editable: false }, priceType: { editable: false } },
  without: ['add', 'delete', 'batchDelete', 'import', 'status'],
})

export const PriceList = () => <ListPage list={list} />
export default PriceList
