import { BranchInputSchema, branchResource } from '@app/contracts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/** Branches (SPEC 3): domestic or overseas, country, region. */
const list = defineList({ resource: branchResource, input: BranchInputSchema, table: 'md_branch' })

export const BranchList = () => <ListPage list={list} />
export default BranchList
