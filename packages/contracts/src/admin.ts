import { z } from 'zod'
import { feedbackResource } from './feedback.ts'
import { codeOf, day, ids, optionalText, recordBase, text } from './fields.ts'
import { codeResource, dictItemResource, dictResource } from './language.ts'
import { AUDIT_FIELDS, defineResource, editSchemaOf } from './resource.ts'
import { PasswordHashSchema, UsernameSchema } from './system.ts'

/**
 * System administration (SPEC 2 'System', issue 5): users, roles and their function permissions,
 * the operation log (the code table and dictionaries in language.ts, feedback in feedback.ts). Each
 * list is a resource served by the generic list mechanism; the calls of their own are below.
 */

const code = codeOf(64)

// ---------------------------------------------------------------- users
export const userResource = defineResource({
  name: 'user',
  base: '/sys/user',
  menu: 'sys_user',
  label: 'realname',
  unique: ['username'],
  status: { field: 'status', dict: 'user_status' },
  fields: {
    username: { type: 'string', search: 'like', sort: true },
    realname: { type: 'string', search: 'like', sort: true },
    positionId: { type: 'string', ref: { resource: 'position', label: 'name' }, search: 'eq' },
    phone: { type: 'string', search: 'like' },
    email: { type: 'string', search: 'like', list: false },
    /** The person's own language: their mails', and the pages their mail links open. */
    lang: { type: 'dict', dict: 'lang', search: 'eq', list: false },
    gender: { type: 'dict', dict: 'sex', search: 'eq' },
    birthday: { type: 'date', list: false },
    hireDate: { type: 'date', sort: true, search: 'range' },
    status: { type: 'dict', dict: 'user_status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})

/**
 * The add form (SPEC 3 user): the password and its confirmation travel hashed; a mismatch answers
 * 'The two passwords are different'. Roles, departments and managed branches are id lists.
 */
export const UserInputSchema = z.object({
  username: UsernameSchema,
  realname: text(64).min(1),
  positionId: z.string().uuid().nullish(),
  phone: optionalText(32),
  email: z.string().trim().email().max(128).nullish().or(z.literal('')),
  lang: z.enum(['zh', 'en']).default('zh'),
  gender: z.enum(['1', '2']).nullish(),
  birthday: day.nullish(),
  hireDate: day.nullish(),
  status: z.enum(['1', '2']).default('1'),
  roleIds: ids(50).default([]),
  departIds: ids(50).default([]),
  branchIds: ids(500).default([]),
  password: PasswordHashSchema,
  confirmPassword: PasswordHashSchema,
})
export type UserInput = z.input<typeof UserInputSchema>

/** The edit form: no password (reset it instead), and the login account stays as created. */
export const UserEditSchema = editSchemaOf(
  UserInputSchema.omit({ username: true, password: true, confirmPassword: true }),
)

export const UserSchema = z.object({
  ...recordBase,
  username: z.string(),
  realname: z.string(),
  positionId: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  hireDate: z.string().nullable(),
  lang: z.string(),
  status: z.string(),
  /** The department the user works in now (one of `departIds`). */
  orgCode: z.string().nullable(),
  roleIds: z.array(z.string()),
  departIds: z.array(z.string()),
  branchIds: z.array(z.string()),
})
export type User = z.infer<typeof UserSchema>
/**
 * A user in a select (`getListAll`, open to every signed-in user): who they are, not their phone,
 * email, birthday, roles or departments, which only the user screen reads.
 */
export const UserOptionSchema = UserSchema.pick({ id: true, username: true, realname: true })
export type UserOption = z.infer<typeof UserOptionSchema>

// ---------------------------------------------------------------- roles
export const roleResource = defineResource({
  name: 'role',
  base: '/sys/role',
  menu: 'sys_role',
  label: 'roleName',
  unique: ['roleCode', 'roleName'],
  fields: {
    roleCode: { type: 'string', search: 'like', sort: true },
    roleName: { type: 'string', search: 'like', sort: true },
    roleNameEn: { type: 'string', search: 'like', sort: true },
    dataScope: { type: 'dict', dict: 'data_scope', search: 'eq', sort: true },
    description: { type: 'string', list: false },
    ...AUDIT_FIELDS,
  },
})

export const RoleInputSchema = z.object({
  roleCode: code,
  roleName: text(100).min(1),
  roleNameEn: optionalText(100),
  dataScope: z.enum(['all', 'department', 'personal']).default('personal'),
  description: optionalText(500),
})
/** Audit configs name roles by code: the code stays as created. */
export const RoleEditSchema = editSchemaOf(RoleInputSchema.omit({ roleCode: true }))

export const RoleSchema = RoleInputSchema.extend({
  ...recordBase,
  roleNameEn: z.string().nullable(),
  description: z.string().nullable(),
})
export type Role = z.infer<typeof RoleSchema>
/** A role in a select (`queryList`, `getListAll`): code and names, not its data permission. */
export const RoleOptionSchema = RoleSchema.pick({ id: true, roleCode: true, roleName: true, roleNameEn: true })
export type RoleOption = z.infer<typeof RoleOptionSchema>

/** One menu (0 folder, 1 menu) or button (2) of the function-permission tree. */
export type PermissionNode = {
  id: string
  parentId: string | null
  code: string
  title: string
  menuType: number
  children: PermissionNode[]
}
export const PermissionNodeSchema: z.ZodType<PermissionNode> = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  code: z.string(),
  title: z.string(),
  menuType: z.number().int(),
  get children() {
    return z.array(PermissionNodeSchema)
  },
})

/**
 * GET /sys/role/permissionTree?roleId=: every menu and button (titles from the code table in the
 * request's language), the ids the role holds, and the ids it must keep (`locked`: the home page
 * for every role; system management for the system administrator role).
 */
export const RolePermissionTreeSchema = z.object({
  tree: z.array(PermissionNodeSchema),
  granted: z.array(z.string()),
  locked: z.array(z.string()),
})
export type RolePermissionTree = z.infer<typeof RolePermissionTreeSchema>

/**
 * POST /sys/role/configPermission: replaces the role's grants. The server takes only known ids,
 * adds the menu and folders of every granted button or menu, and keeps the locked ones.
 */
export const ConfigPermissionSchema = z.object({
  roleId: z.string().uuid(),
  permissionIds: z.array(z.string().uuid()).max(5000),
})
export type ConfigPermission = z.infer<typeof ConfigPermissionSchema>

// ---------------------------------------------------------------- operation log
export const logResource = defineResource({
  name: 'log',
  base: '/sys/log',
  menu: 'sys_log',
  label: 'operation',
  fields: {
    logType: { type: 'dict', dict: 'log_type', search: 'eq', sort: true },
    username: { type: 'string', search: 'like', sort: true },
    // the list names both by words their stored keys do not sort by: filtered, not sorted
    operation: { type: 'string', search: 'eq' },
    resource: { type: 'string', search: 'in' },
    objectId: { type: 'string', search: 'eq', list: false },
    ip: { type: 'string', search: 'like' },
    method: { type: 'string', search: 'eq', list: false },
    path: { type: 'string', search: 'like', list: false },
    costMs: { type: 'number', sort: true, search: 'range' },
    requestId: { type: 'string', search: 'eq', list: false },
    createAt: { type: 'datetime', search: 'range', sort: true, readOnly: true },
  },
})

export const LogSchema = z.object({
  id: z.string(),
  logType: z.number().int(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  operation: z.string(),
  resource: z.string().nullable(),
  objectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  costMs: z.number().int().nullable(),
  requestId: z.string().nullable(),
  createAt: z.coerce.date(),
  /** The object as its screen's menu code where it has one (`md_department`), else as logged. */
  object: z.string().nullable(),
})
export type LogEntry = z.infer<typeof LogSchema>

/** Every administration resource, for the web's screens and references. */
export const ADMIN_RESOURCES = [
  userResource,
  roleResource,
  logResource,
  codeResource,
  dictResource,
  dictItemResource,
  feedbackResource,
] as const
