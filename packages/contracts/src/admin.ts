import { z } from 'zod'
import { AUDIT_FIELDS, defineResource, editSchemaOf } from './resource.ts'
import { PasswordHashSchema, UsernameSchema } from './system.ts'

/**
 * System administration (SPEC 2 'System', issue 5): users, roles and their function permissions,
 * the operation log, the runtime code table (language config), dictionaries and feedback. Each
 * list is a resource served by the generic list mechanism; the calls of their own are below.
 */

const recordBase = {
  id: z.string(),
  version: z.number().int(),
  createAt: z.coerce.date(),
  updateAt: z.coerce.date().nullable(),
}
const text = (max: number) => z.string().trim().max(max)
const optionalText = (max: number) => z.string().trim().max(max).nullish()
const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
const ids = (max: number) => z.array(z.string().uuid()).max(max)

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
  status: z.string(),
  /** The department the user works in now (one of `departIds`). */
  orgCode: z.string().nullable(),
  roleIds: z.array(z.string()),
  departIds: z.array(z.string()),
  branchIds: z.array(z.string()),
})
export type User = z.infer<typeof UserSchema>

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
    operation: { type: 'string', search: 'like', sort: true },
    resource: { type: 'string', search: 'like', sort: true },
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
})
export type LogEntry = z.infer<typeof LogSchema>

// ---------------------------------------------------------------- code table (language config)
/** Ids the system hands out for texts added at run time (dictionary labels, new entries). */
export const RUNTIME_CODE_FROM = 900_000

export const codeResource = defineResource({
  name: 'code',
  base: '/sys/code',
  menu: 'sys_language',
  label: 'zh',
  unique: ['id'],
  fields: {
    id: { type: 'number', search: 'eq', sort: true },
    category: { type: 'string', search: 'eq', sort: true },
    zh: { type: 'string', search: 'like', sort: true },
    en: { type: 'string', search: 'like', sort: true },
    key: { type: 'string', search: 'like', sort: true, readOnly: true },
    updateAt: { type: 'datetime', sort: true, readOnly: true },
  },
})

export const CodeInputSchema = z.object({
  /** Left out: the next free id from RUNTIME_CODE_FROM. */
  id: z.coerce.number().int().min(1).max(2_000_000_000).nullish(),
  category: code.max(32),
  zh: text(2000).min(1),
  en: text(2000).min(1),
})
export const CodeEditSchema = z.object({
  id: z.coerce.number().int(),
  version: z.number().int(),
  category: code.max(32).optional(),
  zh: text(2000).min(1).optional(),
  en: text(2000).min(1).optional(),
})
export const CodeSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  zh: z.string(),
  en: z.string(),
  /** Set on an entry that overrides a bundled text (see FIELD_LABEL_KEY); written only by its own calls. */
  key: z.string().nullable(),
  version: z.number().int(),
  updateAt: z.coerce.date().nullable(),
})
export type CodeEntry = z.infer<typeof CodeSchema>

// ---------------------------------------------------------------- field labels (code-table overrides)
/** Category of the code-table entries that override a field's bundled label. */
export const FIELD_LABEL_CATEGORY = 'field'
/** `field:<resource>.<field>`: the code-table key of a field label override. */
export const FIELD_LABEL_KEY = /^field:([A-Za-z][A-Za-z0-9]*)\.([A-Za-z][A-Za-z0-9]*)$/
export const fieldLabelKey = (resource: string, field: string) => `field:${resource}.${field}`

const FieldLabelKeySchema = z.string().trim().max(160).regex(FIELD_LABEL_KEY, 'field:<resource>.<field>')
/** Saves both languages of a field's label (POST /sys/code/saveFieldLabel). */
export const FieldLabelSaveSchema = z.object({ key: FieldLabelKeySchema, zh: text(200).min(1), en: text(200).min(1) })
export type FieldLabelSave = z.infer<typeof FieldLabelSaveSchema>
/** Removes an override: the field shows its bundled label again (POST /sys/code/resetFieldLabel). */
export const FieldLabelResetSchema = z.object({ key: FieldLabelKeySchema })
export const FieldLabelSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  zh: z.string(),
  en: z.string(),
  version: z.number().int(),
})
export type FieldLabel = z.infer<typeof FieldLabelSchema>
/** The fields whose labels may be overridden, by resource (GET /sys/code/fieldLabelFields). */
export const FieldLabelResourceSchema = z.object({ resource: z.string(), fields: z.array(z.string()) })
export type FieldLabelResource = z.infer<typeof FieldLabelResourceSchema>

// ---------------------------------------------------------------- dictionaries
export const dictResource = defineResource({
  name: 'dict',
  base: '/sys/dict',
  menu: 'sys_dict',
  label: 'dictCode',
  unique: ['dictCode'],
  fields: {
    dictCode: { type: 'string', search: 'like', sort: true },
    textId: { type: 'string', readOnly: true, superQuery: false, excel: false },
    description: { type: 'string', search: 'like' },
    ...AUDIT_FIELDS,
  },
})

export const DictInputSchema = z.object({
  dictCode: code,
  nameZh: text(200).min(1),
  nameEn: text(200).min(1),
  description: optionalText(500),
})
export const DictEditSchema = z.object({
  id: z.coerce.number().int(),
  version: z.number().int(),
  nameZh: text(200).min(1).optional(),
  nameEn: text(200).min(1).optional(),
  description: optionalText(500),
})
export const DictSchema = z.object({
  ...recordBase,
  id: z.number().int(),
  dictCode: z.string(),
  textId: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  description: z.string().nullable(),
})
export type Dict = z.infer<typeof DictSchema>

export const dictItemResource = defineResource({
  name: 'dictItem',
  base: '/sys/dictItem',
  menu: 'sys_dict',
  label: 'value',
  status: { field: 'status', dict: 'status' },
  fields: {
    dictId: { type: 'number', ref: { resource: 'dict', label: 'dictCode' }, search: 'eq', sort: true },
    value: { type: 'string', search: 'like', sort: true },
    textId: { type: 'string', readOnly: true, superQuery: false, excel: false },
    sortNo: { type: 'number', sort: true },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})

/** An item's label is a code-table entry (zh/en); adding an item allocates its id. */
export const DictItemInputSchema = z.object({
  dictId: z.coerce.number().int().min(1),
  value: text(64).min(1),
  labelZh: text(200).min(1),
  labelEn: text(200).min(1),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  status: z.enum(['1', '2']).default('1'),
})
/** The stored value and the dictionary stay as created: records hold the value. */
export const DictItemEditSchema = z.object({
  id: z.coerce.number().int(),
  version: z.number().int(),
  labelZh: text(200).min(1).optional(),
  labelEn: text(200).min(1).optional(),
  sortNo: z.coerce.number().int().min(0).max(99999).optional(),
  status: z.enum(['1', '2']).optional(),
})
export const DictItemSchema = z.object({
  ...recordBase,
  id: z.number().int(),
  dictId: z.number().int(),
  value: z.string(),
  textId: z.number().int(),
  labelZh: z.string(),
  labelEn: z.string(),
  sortNo: z.number().int(),
  status: z.string(),
})
export type DictItem = z.infer<typeof DictItemSchema>

/**
 * GET /sys/catalogue/version: cheap fingerprints the web compares on focus and on an interval to
 * refetch what changed — the code table, the dictionaries, and the caller's own permissions.
 */
export const CatalogueVersionSchema = z.object({ code: z.string(), dict: z.string(), permissions: z.string() })
export type CatalogueVersion = z.infer<typeof CatalogueVersionSchema>

// ---------------------------------------------------------------- feedback
export const feedbackResource = defineResource({
  name: 'feedback',
  base: '/sys/feedback',
  menu: 'sys_feedback',
  label: 'title',
  fields: {
    title: { type: 'string', search: 'like', sort: true },
    content: { type: 'string', search: 'like', list: false },
    createByName: { type: 'string', search: 'like', sort: true },
    replyStatus: { type: 'dict', dict: 'yn', search: 'eq', sort: true },
    replyContent: { type: 'string', list: false },
    replyByName: { type: 'string', search: 'like' },
    replyAt: { type: 'datetime', search: 'range', sort: true, readOnly: true },
    ...AUDIT_FIELDS,
  },
})

export const FeedbackSubmitSchema = z.object({
  title: text(200).min(1),
  content: text(4000).min(1),
})
export type FeedbackSubmit = z.infer<typeof FeedbackSubmitSchema>

export const FeedbackReplySchema = z.object({
  id: z.string().uuid(),
  version: z.number().int(),
  replyContent: text(4000).min(1),
})
export type FeedbackReply = z.infer<typeof FeedbackReplySchema>

export const FeedbackSchema = z.object({
  ...recordBase,
  title: z.string(),
  content: z.string(),
  createBy: z.string().nullable(),
  createByName: z.string().nullable(),
  /** '1' once an administrator replied (dictionary `yn`). */
  replyStatus: z.string(),
  replyContent: z.string().nullable(),
  replyBy: z.string().nullable(),
  replyByName: z.string().nullable(),
  replyAt: z.coerce.date().nullable(),
})
export type Feedback = z.infer<typeof FeedbackSchema>

export const MyFeedbackQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})

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
