import { z } from 'zod'
import { codeOf, optionalText, recordBase, status, text, versionNo } from './fields.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

const code = codeOf(32)
/** On edit the client sends the id and the version it read (stale edits answer 409). */
export const editOf = <T extends z.ZodRawShape>(input: z.ZodObject<T>) =>
  input.extend({ id: z.string().uuid(), version: versionNo })

// ---------------------------------------------------------------- country
export const countryResource = defineResource({
  name: 'country',
  base: '/md/country',
  menu: 'md_country',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', sort: true },
    currencyName: { type: 'string', search: 'like' },
    currencyCode: { type: 'string', search: 'eq', sort: true },
    currencySymbol: { type: 'string' },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const CountryInputSchema = z.object({
  code: code.max(8),
  name: text(100).min(1),
  nameEn: optionalText(100),
  currencyName: text(64).min(1),
  currencyCode: optionalText(8),
  currencySymbol: text(8).min(1),
  status: status.default('1'),
})
export const CountrySchema = CountryInputSchema.extend({
  ...recordBase,
  nameEn: z.string().nullable(),
  currencyCode: z.string().nullable(),
})
export type Country = z.infer<typeof CountrySchema>
export const CountryOptionSchema = CountrySchema.pick({ id: true, code: true, name: true, nameEn: true })

// ---------------------------------------------------------------- branch
export const branchResource = defineResource({
  name: 'branch',
  base: '/md/branch',
  menu: 'md_branch',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', sort: true },
    branchType: { type: 'dict', dict: 'branch_type', search: 'eq', sort: true },
    countryId: { type: 'string', ref: { resource: 'country', label: 'name' }, search: 'eq' },
    region: { type: 'dict', dict: 'region', search: 'eq', sort: true },
    departId: { type: 'string', ref: { resource: 'department', label: 'departName' } },
    sortNo: { type: 'number', sort: true },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const BranchInputSchema = z.object({
  code: code,
  name: text(100).min(1),
  nameEn: optionalText(100),
  branchType: z.enum(['domestic', 'overseas']),
  countryId: z.string().uuid().nullish(),
  region: optionalText(32),
  departId: z.string().uuid().nullish(),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  status: status.default('1'),
})
export const BranchSchema = BranchInputSchema.extend({
  ...recordBase,
  nameEn: z.string().nullable(),
  countryId: z.string().nullable(),
  region: z.string().nullable(),
  departId: z.string().nullable(),
})
export type Branch = z.infer<typeof BranchSchema>
export const BranchOptionSchema = BranchSchema.pick({ id: true, code: true, name: true, nameEn: true })

// ---------------------------------------------------------------- position
export const positionResource = defineResource({
  name: 'position',
  base: '/md/position',
  menu: 'md_position',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', sort: true },
    sortNo: { type: 'number', sort: true },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const PositionInputSchema = z.object({
  code: code,
  name: text(100).min(1),
  nameEn: optionalText(100),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  status: status.default('1'),
})
export const PositionSchema = PositionInputSchema.extend({ ...recordBase, nameEn: z.string().nullable() })
export type Position = z.infer<typeof PositionSchema>
export const PositionOptionSchema = PositionSchema.pick({ id: true, code: true, name: true, nameEn: true })

// ---------------------------------------------------------------- supplier
export const supplierResource = defineResource({
  name: 'supplier',
  base: '/md/supplier',
  menu: 'md_supplier',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', sort: true, list: false },
    supplierType: { type: 'dict', dict: 'supplier_type', search: 'in', sort: true },
    countryId: { type: 'string', ref: { resource: 'country', label: 'name' }, search: 'eq' },
    contactPerson: { type: 'string', search: 'like' },
    phone: { type: 'string', search: 'like' },
    email: { type: 'string', list: false },
    address: { type: 'string', list: false },
    taxNumber: { type: 'string', search: 'like' },
    bankName: { type: 'string', list: false },
    bankAccount: { type: 'string', list: false },
    remark: { type: 'string', list: false },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const SupplierInputSchema = z.object({
  code: code,
  name: text(128).min(1),
  nameEn: optionalText(128),
  supplierType: z.enum(['raw', 'finished', 'packaging', 'oem']),
  countryId: z.string().uuid().nullish(),
  contactPerson: optionalText(64),
  phone: optionalText(32),
  email: z.string().trim().email().max(128).nullish().or(z.literal('')),
  address: optionalText(255),
  taxNumber: optionalText(64),
  bankName: optionalText(128),
  bankAccount: optionalText(64),
  remark: optionalText(1000),
  status: status.default('1'),
})
export const SupplierSchema = SupplierInputSchema.extend({
  ...recordBase,
  nameEn: z.string().nullable(),
  countryId: z.string().nullable(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  taxNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  remark: z.string().nullable(),
})
export type Supplier = z.infer<typeof SupplierSchema>
/** Not the contact, tax or bank details: those stay on the supplier screen. */
export const SupplierOptionSchema = SupplierSchema.pick({ id: true, code: true, name: true, nameEn: true })

// ---------------------------------------------------------------- depot
export const depotResource = defineResource({
  name: 'depot',
  base: '/md/depot',
  menu: 'md_depot',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', sort: true, list: false },
    depotType: { type: 'dict', dict: 'depot_type', search: 'eq', sort: true },
    location: { type: 'string', search: 'like' },
    managerName: { type: 'string', search: 'like' },
    managerPhone: { type: 'string' },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const DepotInputSchema = z.object({
  code: code,
  name: text(128).min(1),
  nameEn: optionalText(128),
  depotType: z.enum(['finished', 'raw']),
  location: optionalText(255),
  managerName: optionalText(64),
  managerPhone: optionalText(32),
  status: status.default('1'),
})
export const DepotSchema = DepotInputSchema.extend({
  ...recordBase,
  nameEn: z.string().nullable(),
  location: z.string().nullable(),
  managerName: z.string().nullable(),
  managerPhone: z.string().nullable(),
})
export type Depot = z.infer<typeof DepotSchema>
/** The delivery dialog offers finished-goods depots only; the manager's name and phone stay on the depot screen. */
export const DepotOptionSchema = DepotSchema.pick({ id: true, code: true, name: true, nameEn: true, depotType: true })

// ---------------------------------------------------------------- box spec
export const boxSpecResource = defineResource({
  name: 'boxSpec',
  base: '/md/boxSpec',
  menu: 'md_box_spec',
  label: 'name',
  unique: ['code'],
  status: { field: 'status', dict: 'status' },
  fields: {
    code: { type: 'string', search: 'like', sort: true },
    name: { type: 'string', search: 'like', sort: true },
    nameEn: { type: 'string', search: 'like', list: false },
    lengthCm: { type: 'number', sort: true, search: 'range' },
    widthCm: { type: 'number', sort: true },
    heightCm: { type: 'number', sort: true },
    grossWeightKg: { type: 'number', sort: true, search: 'range' },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
const size = z.coerce.number().positive().max(100000)
export const BoxSpecInputSchema = z.object({
  code: code,
  name: text(128).min(1),
  nameEn: optionalText(128),
  lengthCm: size,
  widthCm: size,
  heightCm: size,
  grossWeightKg: z.coerce.number().positive().max(100000),
  status: status.default('1'),
})
export const BoxSpecSchema = BoxSpecInputSchema.extend({ ...recordBase, nameEn: z.string().nullable() })
export type BoxSpec = z.infer<typeof BoxSpecSchema>
export const BoxSpecOptionSchema = BoxSpecSchema.pick({ id: true, code: true, name: true, nameEn: true })

// ---------------------------------------------------------------- department (tree)
export const departmentResource = defineResource({
  name: 'department',
  base: '/md/department',
  menu: 'md_department',
  label: 'departName',
  unique: ['orgCode'],
  status: { field: 'status', dict: 'status' },
  tree: true,
  fields: {
    orgCode: { type: 'string', search: 'like', sort: true, readOnly: true },
    parentId: { type: 'string', ref: { resource: 'department', label: 'departName' }, search: 'eq' },
    departName: { type: 'string', search: 'like', sort: true },
    departNameEn: { type: 'string', search: 'like', sort: true },
    sortNo: { type: 'number', sort: true },
    description: { type: 'string', list: false },
    status: { type: 'dict', dict: 'status', search: 'eq', sort: true },
    ...AUDIT_FIELDS,
  },
})
export const DepartmentInputSchema = z.object({
  parentId: z.string().uuid().nullish(),
  departName: text(100).min(1),
  departNameEn: optionalText(100),
  sortNo: z.coerce.number().int().min(0).max(99999).default(0),
  description: optionalText(500),
  status: status.default('1'),
})
export const DepartmentSchema = DepartmentInputSchema.extend({
  ...recordBase,
  orgCode: z.string(),
  parentId: z.string().nullable(),
  departNameEn: z.string().nullable(),
  description: z.string().nullable(),
})
export type Department = z.infer<typeof DepartmentSchema>
/** Selects name a department by id or by org code (audit steps, sub-flow requests) and build its tree. */
export const DepartmentOptionSchema = DepartmentSchema.pick({
  id: true,
  orgCode: true,
  departName: true,
  departNameEn: true,
  parentId: true,
})

/** Every master-data resource, for the web's screens and the server's registry. */
export const MASTER_DATA_RESOURCES = [
  supplierResource,
  countryResource,
  branchResource,
  depotResource,
  boxSpecResource,
  departmentResource,
  positionResource,
] as const
