import { ProductUnitInputSchema, productUnitResource } from '@app/contracts'
import '../../api/product.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/**
 * Product units (menu pro_unit): each product's units per use with their conversion to the base
 * unit and box spec. The same unit once per use of a product (SPEC 5), checked by the server.
 */
const list = defineList({
  resource: productUnitResource,
  input: ProductUnitInputSchema,
  columnOrder: ['productId', 'useCase', 'unit', 'conversionRate', 'boxSpecId', 'perBox'],
  form: { productId: { editable: false } },
})

export const ProductUnitList = () => <ListPage list={list} />
export default ProductUnitList
