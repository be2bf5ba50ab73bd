import type zh from '../zh/index.ts'
import auth from './auth.ts'
import common from './common.ts'
import layout from './layout.ts'
import pages from './pages.ts'

export default { common, auth, layout, pages } satisfies typeof zh
