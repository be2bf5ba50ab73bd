import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { auditColumns, id, pinyinColumns, ts } from './columns.ts'

/** Departments: a tree. `orgCode` is hierarchical (A01, A01A03, ...), so a subtree is a prefix. */
export const departments = pgTable(
  'sys_depart',
  {
    id: id(),
    parentId: uuid(),
    orgCode: varchar({ length: 64 }).notNull(),
    departName: varchar({ length: 100 }).notNull(),
    departNameEn: varchar({ length: 100 }),
    sortNo: integer().notNull().default(0),
    description: text(),
    status: varchar({ length: 1 }).notNull().default('1'),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_depart_org_code_uq').on(t.orgCode), index('sys_depart_parent_idx').on(t.parentId)],
)

export const users = pgTable(
  'sys_user',
  {
    id: id(),
    username: varchar({ length: 64 }).notNull(),
    realname: varchar({ length: 64 }).notNull(),
    passwordHash: text().notNull(),
    positionId: uuid(),
    phone: varchar({ length: 32 }),
    email: varchar({ length: 128 }),
    gender: varchar({ length: 1 }),
    birthday: date({ mode: 'string' }),
    hireDate: date({ mode: 'string' }),
    /** '1' enabled, '2' disabled (a registered account starts disabled). */
    status: varchar({ length: 1 }).notNull().default('1'),
    delFlag: boolean().notNull().default(false),
    /** The department the user currently works in (SPEC 4 department switch). */
    orgCode: varchar({ length: 64 }),
    lang: varchar({ length: 2 }).notNull().default('zh'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(t.username).where(sql`${t.delFlag} = false`),
    index('sys_user_org_code_idx').on(t.orgCode),
  ],
)

export const userDepartments = pgTable(
  'sys_user_depart',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departId: uuid()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] }), index('sys_user_depart_depart_idx').on(t.departId)],
)

export const roles = pgTable(
  'sys_role',
  {
    id: id(),
    roleCode: varchar({ length: 64 }).notNull(),
    roleName: varchar({ length: 100 }).notNull(),
    roleNameEn: varchar({ length: 100 }),
    /** 'all' | 'department' | 'personal' */
    dataScope: varchar({ length: 16 }).notNull().default('personal'),
    description: text(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_role_code_uq').on(t.roleCode), uniqueIndex('sys_role_name_uq').on(t.roleName)],
)

export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
)

/**
 * Menus and buttons (SPEC 3 'Menu/permission item'). `menuType` 0 folder, 1 menu, 2 button.
 * A button's `code` is its permission key `<menuCode>:<buttonCode>`.
 */
export const permissions = pgTable(
  'sys_permission',
  {
    id: id(),
    parentId: uuid(),
    code: varchar({ length: 128 }).notNull(),
    menuType: integer().notNull(),
    textId: integer().notNull(),
    name: varchar({ length: 100 }).notNull(),
    url: varchar({ length: 255 }),
    component: varchar({ length: 255 }),
    redirect: varchar({ length: 255 }),
    icon: varchar({ length: 64 }),
    sortNo: integer().notNull().default(0),
    hidden: boolean().notNull().default(false),
    alwaysShow: boolean().notNull().default(false),
    route: boolean().notNull().default(true),
    internalOrExternal: boolean().notNull().default(false),
    /** Buttons: '1' hide when not granted, '2' disable when not granted. */
    authType: varchar({ length: 1 }).notNull().default('1'),
    /** Buttons: '1' rule active, '0' inactive (everyone may). */
    status: varchar({ length: 1 }).notNull().default('1'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_permission_code_uq').on(t.code), index('sys_permission_parent_idx').on(t.parentId)],
)

export const rolePermissions = pgTable(
  'sys_role_permission',
  {
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('sys_role_permission_perm_idx').on(t.permissionId),
  ],
)

/** Opaque session tokens, stored as their SHA-256 (DESIGN 1 sessions). */
export const sessions = pgTable(
  'sys_session',
  {
    tokenHash: varchar({ length: 64 }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createAt: ts().notNull().defaultNow(),
    expiresAt: ts().notNull(),
    revokedAt: ts(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 255 }),
  },
  (t) => [index('sys_session_user_idx').on(t.userId)],
)

/** Failed logins per account, for throttling that expires (never a permanent lock-out). */
export const loginFailures = pgTable('sys_login_failure', {
  username: varchar({ length: 64 }).primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: ts().notNull().defaultNow(),
  lockedUntil: ts(),
})

/** The runtime code table: numeric id -> zh / en text (SPEC 3 'Code table'). */
export const codeTable = pgTable(
  'sys_code',
  {
    id: integer().primaryKey(),
    category: varchar({ length: 32 }).notNull(),
    zh: text().notNull(),
    en: text().notNull(),
    updateAt: ts(),
    updateBy: uuid(),
    version: integer().notNull().default(1),
    /**
     * Set on an entry that overrides a text the web bundles (a field label: `field:supplier.code`,
     * category 'field'); null on entries the product refers to by id.
     */
    key: varchar({ length: 160 }),
  },
  (t) => [index('sys_code_category_idx').on(t.category), uniqueIndex('sys_code_key_uq').on(t.key)],
)

/** Dictionary types; items below. `id` is the SPEC 3 `dicTypeId`. */
export const dictTypes = pgTable(
  'sys_dict',
  {
    id: serial().primaryKey(),
    dictCode: varchar({ length: 64 }).notNull(),
    textId: integer().notNull(),
    description: text(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_dict_code_uq').on(t.dictCode)],
)

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: serial().primaryKey(),
    dictId: integer()
      .notNull()
      .references(() => dictTypes.id, { onDelete: 'cascade' }),
    /** The stored value (SPEC 3 `dicCode`). */
    value: varchar({ length: 64 }).notNull(),
    textId: integer().notNull(),
    sortNo: integer().notNull().default(0),
    status: varchar({ length: 1 }).notNull().default('1'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sys_dict_item_uq').on(t.dictId, t.value)],
)

/** Operation log: who did what, when, from where, how long, with before/after JSON (DESIGN 3). */
export const operationLogs = pgTable(
  'sys_log',
  {
    id: id(),
    /** 1 login, 2 operation, 3 review (dictionary `log_type`). */
    logType: integer().notNull(),
    userId: uuid(),
    username: varchar({ length: 64 }),
    ip: varchar({ length: 64 }),
    method: varchar({ length: 8 }),
    path: varchar({ length: 255 }),
    operation: varchar({ length: 128 }).notNull(),
    resource: varchar({ length: 64 }),
    objectId: varchar({ length: 64 }),
    /** The record's label (name or code) when it was changed: the modify history searches it. */
    objectLabel: varchar({ length: 255 }),
    before: jsonb(),
    after: jsonb(),
    costMs: integer(),
    requestId: varchar({ length: 64 }),
    createAt: ts().notNull().defaultNow(),
  },
  (t) => [
    index('sys_log_create_at_idx').on(t.createAt),
    index('sys_log_object_idx').on(t.resource, t.objectId),
    index('sys_log_user_idx').on(t.userId),
    // the operation filter: its entries, and the operations the log holds (log.resource.ts)
    index('sys_log_operation_idx').on(t.operation),
  ],
)

/** Runtime settings, e.g. the system title (SPEC 1). */
export const settings = pgTable('sys_setting', {
  key: varchar({ length: 64 }).primaryKey(),
  value: text().notNull(),
  updateAt: ts(),
})

/** Business numbers per prefix and day, handed out without gaps (SO20261122-0001). */
export const sequences = pgTable(
  'sys_sequence',
  {
    prefix: varchar({ length: 16 }).notNull(),
    day: varchar({ length: 8 }).notNull(),
    value: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.day] })],
)
