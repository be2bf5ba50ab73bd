import type { AuthRule, Lang, MenuItem, PermissionList } from '@app/contracts'
import { ROUTE_VIEW } from '@app/contracts'
import { asc, eq, getTableColumns } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { codeTable, permissions } from '../../db/schema/index.ts'

type Row = typeof permissions.$inferSelect & { zh: string | null; en: string | null }

const MENU_TYPES = new Set([0, 1])
const BUTTON = 2

const loadAll = async (db: DbOrTx): Promise<Row[]> =>
  db
    .select({
      ...getTableColumns(permissions),
      zh: codeTable.zh,
      en: codeTable.en,
    })
    .from(permissions)
    .leftJoin(codeTable, eq(codeTable.id, permissions.textId))
    .orderBy(asc(permissions.sortNo))

const textOf = (row: Row, lang: Lang) => (lang === 'en' ? row.en : row.zh) ?? row.name

const toRule = (row: Row, lang: Lang): AuthRule => ({
  action: row.code,
  describe: textOf(row, lang),
  type: row.authType === '2' ? '2' : '1',
  status: row.status === '0' ? '0' : '1',
})

/**
 * The menu tree and button rules for a set of granted permission codes (SPEC 2: menus come from
 * the server's permission list). Folders with nothing visible inside are left out.
 */
export const buildPermissionList = async (
  db: DbOrTx,
  granted: ReadonlySet<string>,
  lang: Lang,
): Promise<PermissionList> => {
  const rows = await loadAll(db)
  const children = new Map<string | null, Row[]>()
  for (const row of rows) {
    if (!MENU_TYPES.has(row.menuType) || !granted.has(row.code)) continue
    const list = children.get(row.parentId) ?? []
    list.push(row)
    children.set(row.parentId, list)
  }
  const build = (parentId: string | null): MenuItem[] =>
    (children.get(parentId) ?? []).flatMap((row) => {
      const kids = build(row.id)
      const isFolder = row.component === ROUTE_VIEW
      if (isFolder && kids.length === 0) return []
      const title = textOf(row, lang)
      const url = row.url ?? ''
      return [
        {
          id: row.id,
          code: row.code,
          text: title,
          name: row.code,
          url,
          path: url,
          component: row.component ?? '',
          icon: row.icon,
          hidden: row.hidden,
          alwaysShow: row.alwaysShow,
          route: row.route,
          redirect: row.redirect ?? (isFolder ? (kids[0]?.url ?? null) : null),
          meta: {
            title,
            titleId: row.textId,
            url,
            internalOrExternal: row.internalOrExternal,
            hidden: row.hidden,
            icon: row.icon,
          },
          children: kids,
        },
      ]
    })
  const buttons = rows.filter((r) => r.menuType === BUTTON)
  return {
    menu: build(null),
    auth: buttons.filter((r) => granted.has(r.code)).map((r) => toRule(r, lang)),
    allAuth: buttons.map((r) => toRule(r, lang)),
  }
}
