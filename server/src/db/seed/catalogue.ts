import { createHash } from 'node:crypto'
import {
  DICTIONARIES,
  type DictDef,
  Errors,
  flattenMenus,
  MENU_TREE,
  OWN_OBJECTS,
  OWN_OPERATIONS,
  ROUTE_VIEW,
  RoleCode,
} from '@app/contracts'
import { and, eq, inArray, notExists, sql } from 'drizzle-orm'
import { type DbOrTx, rowsOf } from '../client.ts'
import { codeTable, dictItems, dictTypes, permissions, rolePermissions, roles, settings } from '../schema/index.ts'

type CodeRow = typeof codeTable.$inferInsert

const menuCodes = (): CodeRow[] =>
  flattenMenus(MENU_TREE).flatMap(({ menu }) => [
    { id: menu.textId, category: 'menu', zh: menu.zh, en: menu.en },
    ...(menu.buttons ?? []).map((b) => ({ id: b.textId, category: 'button', zh: b.zh, en: b.en })),
  ])

const dictCodes = (dicts: readonly DictDef[]): CodeRow[] =>
  dicts.flatMap((d) => [
    { id: d.textId, category: 'dict', zh: d.zh, en: d.en },
    ...d.items.map((i) => ({ id: i.textId, category: d.code, zh: i.zh, en: i.en })),
  ])

/** Distinct by id (a shared button appears under many menus). */
const distinct = (rows: CodeRow[]) => [...new Map(rows.map((r) => [r.id, r])).values()]

/** The sys_setting row holding the fingerprint of the catalogue last written (see syncCatalogue). */
export const CATALOGUE_FINGERPRINT = 'catalogue_fingerprint'

/** Changes with what the sync writes from the same definitions, so that a changed sync runs once again. */
const SYNC_VERSION = 1
const SETTINGS = [
  { key: 'system_title', value: '采购管理系统' },
  { key: 'system_title_en', value: 'Procurement Management System' },
]

/** The catalogue the code defines: what syncCatalogue writes, and its fingerprint. */
const definedCatalogue = () => {
  const errorCodes = Object.values(Errors).map((e) => ({ id: e.code, category: 'error', zh: e.zh, en: e.en }))
  const operationCodes = [...Object.values(OWN_OPERATIONS), ...Object.values(OWN_OBJECTS)].map((o) => ({
    id: o.textId,
    category: 'operation',
    zh: o.zh,
    en: o.en,
  }))
  const codes = distinct([...menuCodes(), ...dictCodes(DICTIONARIES), ...errorCodes, ...operationCodes])
  const menus = flattenMenus(MENU_TREE)
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ version: SYNC_VERSION, codes, dictionaries: DICTIONARIES, menus, settings: SETTINGS }))
    .digest('hex')
  return { codes, fingerprint }
}

/**
 * Brings the catalogue the code defines into the database: code-table texts (new ids only, so
 * edits made on the language screen stay), dictionaries, menus and buttons, and default settings,
 * then the system administrator's grants on every menu and button. The catalogue is written when
 * the code's, or the migrations applied, differ from those of the last writing (their fingerprint
 * is kept in sys_setting): a start with the same code and migrations only checks the grants, a
 * few statements instead of a few hundred (1-4 s of PGlite's first seconds). Idempotent.
 */
export const syncCatalogue = async (db: DbOrTx) => {
  const { codes, fingerprint: defined } = definedCatalogue()
  // and the migrations applied: one that changes catalogue rows has the catalogue written again
  const [migrated] = rowsOf<{ at: string | null }>(
    await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`),
  )
  const fingerprint = `${defined}:${migrated?.at ?? ''}`
  const [written] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CATALOGUE_FINGERPRINT))
  if (written?.value !== fingerprint) {
    await writeCatalogue(db, codes)
    await db
      .insert(settings)
      .values({ key: CATALOGUE_FINGERPRINT, value: fingerprint })
      .onConflictDoUpdate({ target: settings.key, set: { value: fingerprint, updateAt: sql`now()` } })
  }
  await grantAdministrator(db)
}

const writeCatalogue = async (db: DbOrTx, codes: CodeRow[]) => {
  await db.insert(codeTable).values(codes).onConflictDoNothing()

  for (const [i, d] of DICTIONARIES.entries()) {
    const [type] = await db
      .insert(dictTypes)
      .values({ dictCode: d.code, textId: d.textId })
      .onConflictDoUpdate({ target: dictTypes.dictCode, set: { textId: d.textId } })
      .returning({ id: dictTypes.id })
    if (!type) throw new Error(`dictionary ${d.code} not written (${i})`)
    await db
      .insert(dictItems)
      .values(d.items.map((item, sortNo) => ({ dictId: type.id, value: item.value, textId: item.textId, sortNo })))
      .onConflictDoUpdate({
        target: [dictItems.dictId, dictItems.value],
        set: { textId: sql`excluded.text_id`, sortNo: sql`excluded.sort_no` },
      })
  }

  await syncPermissions(db)
  await db
    .insert(roles)
    .values({
      roleCode: RoleCode.SysAdmin,
      roleName: '系统管理员',
      roleNameEn: 'System administrator',
      dataScope: 'all',
    })
    .onConflictDoNothing()
  await db.insert(settings).values(SETTINGS).onConflictDoNothing()
}

/** The sys_admin role holds every menu and button (grants taken from it come back at each start). */
const grantAdministrator = async (db: DbOrTx) => {
  const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, RoleCode.SysAdmin))
  if (!admin) return
  const missing = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(rolePermissions)
          .where(and(eq(rolePermissions.roleId, admin.id), eq(rolePermissions.permissionId, permissions.id))),
      ),
    )
  if (missing.length > 0)
    await db
      .insert(rolePermissions)
      .values(missing.map((p) => ({ roleId: admin.id, permissionId: p.id })))
      .onConflictDoNothing()
}

/** Menus and buttons from the code's menu tree, upserted by code; parents before children. */
const syncPermissions = async (db: DbOrTx) => {
  const flat = flattenMenus(MENU_TREE)
  const menuRows = flat.map(({ menu, sortNo }) => ({
    code: menu.code,
    menuType: menu.component === ROUTE_VIEW ? 0 : 1,
    textId: menu.textId,
    name: menu.zh,
    url: menu.url,
    component: menu.component,
    icon: menu.icon ?? null,
    sortNo,
    hidden: menu.hidden ?? false,
    internalOrExternal: menu.internalOrExternal ?? false,
  }))
  await db
    .insert(permissions)
    .values(menuRows)
    .onConflictDoUpdate({
      target: permissions.code,
      set: {
        menuType: sql`excluded.menu_type`,
        textId: sql`excluded.text_id`,
        name: sql`excluded.name`,
        url: sql`excluded.url`,
        component: sql`excluded.component`,
        icon: sql`excluded.icon`,
        sortNo: sql`excluded.sort_no`,
        hidden: sql`excluded.hidden`,
        internalOrExternal: sql`excluded.internal_or_external`,
      },
    })
  const ids = new Map(
    (
      await db
        .select({ id: permissions.id, code: permissions.code })
        .from(permissions)
        .where(
          inArray(
            permissions.code,
            menuRows.map((r) => r.code),
          ),
        )
    ).map((r) => [r.code, r.id]),
  )
  for (const { menu, parentCode } of flat) {
    const parentId = parentCode ? ids.get(parentCode) : null
    await db.update(permissions).set({ parentId }).where(eq(permissions.code, menu.code))
  }
  const buttonRows = flat.flatMap(({ menu }) =>
    (menu.buttons ?? []).map((b, i) => ({
      code: `${menu.code}:${b.code}`,
      parentId: ids.get(menu.code),
      menuType: 2,
      textId: b.textId,
      name: b.zh,
      sortNo: i + 1,
      route: false,
      authType: b.authType ?? '1',
    })),
  )
  if (buttonRows.length > 0) {
    await db
      .insert(permissions)
      .values(buttonRows)
      .onConflictDoUpdate({
        target: permissions.code,
        set: {
          parentId: sql`excluded.parent_id`,
          textId: sql`excluded.text_id`,
          name: sql`excluded.name`,
          sortNo: sql`excluded.sort_no`,
        },
      })
  }
}
