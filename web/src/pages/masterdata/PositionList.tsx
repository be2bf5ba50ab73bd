import { PositionInputSchema, positionResource } from '@app/contracts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/** Positions (SPEC 3). */
const list = defineList({ resource: positionResource, input: PositionInputSchema, table: 'md_position' })

export const PositionList = () => <ListPage list={list} />
export default PositionList
