import auth from './auth.ts'
import common from './common.ts'
import layout from './layout.ts'
import messaging from './messaging.ts'
import pages from './pages.ts'
import shell from './shell.ts'

/** Chinese texts by area; every area has an English twin of the same shape. */
export default { common, auth, layout, pages, shell, messaging }
