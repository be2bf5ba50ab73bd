/** How an unpermitted button is shown (SPEC 3): '1' hidden, '2' disabled. */
export type AuthType = '1' | '2'

export type ButtonDef = {
  /** Button code; the permission key is `<menuCode>:<code>`. */
  code: string
  textId: number
  zh: string
  en: string
  authType?: AuthType
}

export type MenuDef = {
  /** Unique menu code, e.g. `md_supplier`. */
  code: string
  /** Code-table id of the title (SPEC 3: the code table translates menus). */
  textId: number
  zh: string
  en: string
  /** Route path, e.g. `/md/supplierList`. */
  url: string
  /** View path under `web/src/pages`, or `layouts/RouteView` for a folder. */
  component: string
  icon?: string
  hidden?: boolean
  /** Opens outside the router (new window) when true. */
  internalOrExternal?: boolean
  buttons?: readonly ButtonDef[]
  children?: readonly MenuDef[]
}

export const ROUTE_VIEW = 'layouts/RouteView'
