/** SPEC 9 business constants, in one place. */

const DAY = 86_400_000

export const STORAGE_TTL = {
  /** Access token: 1 day. */
  token: DAY,
  /** User id, name, session info, active menu, selected department: 7 days (604800000 ms). */
  session: 7 * DAY,
} as const

export const REQUEST_TIMEOUT_MS = 90_000
export const UPLOAD_TIMEOUT_MS = 120_000
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024

export const HOME_PATH = '/dashboard/analysis'
export const LOGIN_PATH = '/user/login'
/** Paths open without signing in (SPEC 2 public routes). */
export const PUBLIC_PATHS = ['/user/login', '/user/register', '/user/register-result'] as const

export const PAGE_SIZE = 10
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const
export const DEFAULT_SORT = { column: 'createAt', order: 'desc' } as const

/** Relogin after a 401: the message shows, then the page reloads (SPEC 8). */
export const RELOAD_AFTER_401_MS = 1500

export const DATE_FORMAT = 'YYYY-MM-DD'
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'
export const ELLIPSIS_LENGTH = 25

/** Modal width: 1450px; 1350px below 1600px; 1200px at or below 1280px. */
export const modalWidth = (viewport: number = window.innerWidth) =>
  viewport <= 1280 ? 1200 : viewport < 1600 ? 1350 : 1450
