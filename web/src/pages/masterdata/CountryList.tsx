import { CountryInputSchema, countryResource } from '@app/contracts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'

/** Countries (SPEC 3): name, code, currency name and symbol. */
const list = defineList({ resource: countryResource, input: CountryInputSchema, table: 'md_country' })

export const CountryList = () => <ListPage list={list} />
export default CountryList
