/** SPEC 9 business constants, in one place. */

const DAY = 86_400_000

export const STORAGE_TTL = {
  /** Access token: 1 day. */
  token: DAY,
  /** User id, name, session info, active menu, selected department: 7 days (604800000 ms). */
  session: 7 * DAY,
  /** The active menu id a menu click stores: 7 days. */
  activeMenu: 7 * DAY,
  /** The user info a department switch stores: 7 days. */
  departInfo: 7 * DAY,
  /** The open tabs restored after a browser refresh: as long as the session. */
  tabs: 7 * DAY,
} as const

export const REQUEST_TIMEOUT_MS = 90_000
export const UPLOAD_TIMEOUT_MS = 120_000
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
export const IMPORT_EXTENSIONS = ['xls', 'xlsx'] as const

/** Live connection (SPEC 4 / 9). */
export const WS_HEARTBEAT_MS = 20_000
export const WS_RECONNECT_MS = 5_000
/** A pushed message's notification stays 6 s. */
export const NOTIFICATION_DURATION_S = 6
/** The unread count is asked for again after this long (and when the window regains focus). */
export const UNREAD_POLL_MS = 60_000
/** The notice popover offers 'view more' above this many messages, and lists up to 600 px high. */
export const MESSAGES_VIEW_MORE_ABOVE = 10
export const MESSAGE_POPOVER_MAX_HEIGHT = 600

/** History lists (menu search, enhance records) keep the 16 most recent entries. */
export const HISTORY_CAP = 16

export const HOME_PATH = '/dashboard/analysis'
export const LOGIN_PATH = '/user/login'
/** Paths open without signing in (SPEC 2 public routes). */
export const PUBLIC_PATHS = ['/user/login', '/user/register', '/user/register-result'] as const

export const LANGS = ['zh', 'en'] as const
export const DEFAULT_LANG = 'zh'

export const PAGE_SIZE = 10
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const
/** antd Table/Pagination defaults: size changer and quick jump on. */
export const PAGINATION = {
  defaultPageSize: PAGE_SIZE,
  pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
  showSizeChanger: true,
  showQuickJumper: true,
} as const
export const DEFAULT_SORT = { column: 'createAt', order: 'desc' } as const

/** Relogin after a 401: the message shows, then the page reloads (SPEC 8). */
export const RELOAD_AFTER_401_MS = 1500

export const DATE_FORMAT = 'YYYY-MM-DD'
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'
export const ELLIPSIS_LENGTH = 25

/** Layout sizes (SPEC 9): sider 200 px, 80 px collapsed; the header turns fixed past 100 px of scroll. */
export const SIDER_WIDTH = 200
export const SIDER_COLLAPSED_WIDTH = 80
export const HEADER_FIX_SCROLL_PX = 100

/** Mobile breakpoints (SPEC 9): at or below 1087.99 px the sider collapses, at or below 767.99 px it is a drawer. */
export const BREAKPOINTS = { tablet: 1087.99, mobile: 767.99 } as const
export const MEDIA = {
  tablet: `(max-width: ${BREAKPOINTS.tablet}px)`,
  mobile: `(max-width: ${BREAKPOINTS.mobile}px)`,
} as const

export const MODAL_WIDTH = { wide: 1450, medium: 1350, narrow: 1200 } as const

/** Modal width: 1450px; 1350px below 1600px; 1200px at or below 1280px. */
export const modalWidth = (viewport: number = window.innerWidth) =>
  viewport <= 1280 ? MODAL_WIDTH.narrow : viewport < 1600 ? MODAL_WIDTH.medium : MODAL_WIDTH.wide

/**
 * Thousands separators for number filters and amounts: `1234567.5` -> `1,234,567.5`. Text that is
 * not a number comes back unchanged; empty values give ''.
 */
export const formatThousands = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return ''
  const text = String(value).trim()
  const match = /^([+-]?)(\d+)(\.\d*)?$/.exec(text.replace(/,/g, ''))
  if (!match) return text
  const [, sign, int = '', frac = ''] = match
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac}`
}

/**
 * A quantity, box count, weight or volume for the eye: at most `digits` decimals (trailing zeros
 * dropped) with thousands separators; nothing gives ''.
 */
export const formatMeasure = (value: number | null | undefined, digits = 3): string =>
  value === null || value === undefined ? '' : formatThousands(Number(value.toFixed(digits)).toString())

/** The inverse of `formatThousands`, for antd InputNumber's `parser`. */
export const parseThousands = (text: string | undefined): string => (text ?? '').replace(/,/g, '')
