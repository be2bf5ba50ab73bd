import { CategoryInputSchema, categoryResource } from '@app/contracts'
import '../../api/product.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/** Product categories (SPEC 2 /pro/categoryList): a tree with parent and sort number. */
const list = defineList({
  resource: categoryResource,
  input: CategoryInputSchema,
  table: 'pro_category',
  defaultSort: { column: 'sortNo', order: 'asc' },
  columnOrder: ['name', 'code', 'nameEn', 'sortNo'],
})

export const CategoryList = () => <ListPage list={list} />
export default CategoryList
