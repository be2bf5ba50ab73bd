import { DepotInputSchema, depotResource } from '@app/contracts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/** Warehouses (SPEC 3): finished or raw, location, manager name and phone. */
const list = defineList({ resource: depotResource, input: DepotInputSchema, table: 'md_depot' })

export const DepotList = () => <ListPage list={list} />
export default DepotList
