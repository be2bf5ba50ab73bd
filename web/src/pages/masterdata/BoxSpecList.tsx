import { BoxSpecInputSchema, boxSpecResource } from '@app/contracts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/** Box specifications (SPEC 3): name, outer dimensions, gross weight. */
const list = defineList({ resource: boxSpecResource, input: BoxSpecInputSchema, table: 'md_box_spec' })

export const BoxSpecList = () => <ListPage list={list} />
export default BoxSpecList
