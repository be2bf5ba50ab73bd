import { SupplierInputSchema, supplierResource } from '@app/contracts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/** Suppliers (SPEC 3): types raw / finished / packaging / OEM, tax number, bank name and account. */
const list = defineList({ resource: supplierResource, input: SupplierInputSchema, table: 'md_supplier' })

export const SupplierList = () => <ListPage list={list} />
export default SupplierList
