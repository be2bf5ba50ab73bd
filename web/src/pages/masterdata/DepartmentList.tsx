import { DepartmentInputSchema, departmentResource } from '@app/contracts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/**
 * Departments (SPEC 3): a tree. Rows nest under their parent (sorted by org code, a page is the tree
 * in order); the parent is chosen from the tree on add and cannot change afterwards (the server
 * refuses moving a department, whose org code prefixes its subtree).
 */
const list = defineList({
  resource: departmentResource,
  input: DepartmentInputSchema,
  table: 'sys_depart',
  columnOrder: ['departName', 'orgCode'],
  form: { parentId: { editable: false } },
})

export const DepartmentList = () => <ListPage list={list} />
export default DepartmentList
