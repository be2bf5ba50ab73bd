import { DICTIONARIES, type DictDef, Errors, flattenMenus, MENU_TREE, ROUTE_VIEW, RoleCode } from '@app/contracts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
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

/**
 * Brings the catalogue the code defines into the database, on every start: code-table texts
 * (new ids only, so edits made on the language screen stay), dictionaries, menus and buttons,
 * the system administrator's grants on all of them, and default settings. Idempotent.
 */
export const syncCatalogue = async (db: DbOrTx) => {
  const errorCodes = Object.values(Errors).map((e) => ({ id: e.code, category: 'error', zh: e.zh, en: e.en }))
  const codes = distinct([...menuCodes(), ...dictCodes(DICTIONARIES), ...errorCodes])
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
  const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, RoleCode.SysAdmin))
  if (admin) {
    const all = await db.select({ id: permissions.id }).from(permissions)
    await db
      .insert(rolePermissions)
      .values(all.map((p) => ({ roleId: admin.id, permissionId: p.id })))
      .onConflictDoNothing()
  }
  await db
    .insert(settings)
    .values([
      { key: 'system_title', value: '采购管理系统' },
      { key: 'system_title_en', value: 'Procurement Management System' },
    ])
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
