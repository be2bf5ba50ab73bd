import { index, integer, numeric, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, pinyinColumns } from './columns.ts'

/** Countries with their currency (SPEC 3 Country). */
export const countries = pgTable(
  'md_country',
  {
    id: id(),
    code: varchar({ length: 8 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    nameEn: varchar({ length: 100 }),
    currencyName: varchar({ length: 64 }).notNull(),
    currencyCode: varchar({ length: 8 }),
    currencySymbol: varchar({ length: 8 }).notNull(),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('md_country_code_uq').on(t.code), index('md_country_create_at_idx').on(t.createAt)],
)

/** Branches, domestic or overseas, in a country and a region. */
export const branches = pgTable(
  'md_branch',
  {
    id: id(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    nameEn: varchar({ length: 100 }),
    /** 'domestic' | 'overseas' (dictionary `branch_type`). */
    branchType: varchar({ length: 16 }).notNull(),
    countryId: uuid().references(() => countries.id),
    /** Dictionary `region`. */
    region: varchar({ length: 32 }),
    /** The department that runs the branch. */
    departId: uuid(),
    sortNo: integer().notNull().default(0),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('md_branch_code_uq').on(t.code),
    index('md_branch_country_idx').on(t.countryId),
    index('md_branch_create_at_idx').on(t.createAt),
  ],
)

export const positions = pgTable(
  'md_position',
  {
    id: id(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    nameEn: varchar({ length: 100 }),
    sortNo: integer().notNull().default(0),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('md_position_code_uq').on(t.code), index('md_position_create_at_idx').on(t.createAt)],
)

/** Branches a user manages (SPEC 3 user 'managed branches'). */
export const userBranches = pgTable(
  'sys_user_branch',
  {
    userId: uuid().notNull(),
    branchId: uuid()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('sys_user_branch_pk').on(t.userId, t.branchId),
    index('sys_user_branch_branch_idx').on(t.branchId),
  ],
)

/** Suppliers of raw material, finished products, packaging, or OEM (SPEC 3 Supplier). */
export const suppliers = pgTable(
  'md_supplier',
  {
    id: id(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    nameEn: varchar({ length: 128 }),
    /** Dictionary `supplier_type`: raw | finished | packaging | oem. */
    supplierType: varchar({ length: 16 }).notNull(),
    countryId: uuid().references(() => countries.id),
    contactPerson: varchar({ length: 64 }),
    phone: varchar({ length: 32 }),
    email: varchar({ length: 128 }),
    address: varchar({ length: 255 }),
    taxNumber: varchar({ length: 64 }),
    bankName: varchar({ length: 128 }),
    bankAccount: varchar({ length: 64 }),
    remark: text(),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('md_supplier_code_uq').on(t.code),
    index('md_supplier_create_at_idx').on(t.createAt),
    index('md_supplier_type_idx').on(t.supplierType),
    index('md_supplier_name_idx').on(t.name),
  ],
)

/** Warehouses for finished goods or raw material (SPEC 3 Depot). */
export const depots = pgTable(
  'md_depot',
  {
    id: id(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    nameEn: varchar({ length: 128 }),
    /** Dictionary `depot_type`: finished | raw. */
    depotType: varchar({ length: 16 }).notNull(),
    location: varchar({ length: 255 }),
    managerName: varchar({ length: 64 }),
    managerPhone: varchar({ length: 32 }),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('md_depot_code_uq').on(t.code), index('md_depot_create_at_idx').on(t.createAt)],
)

/** Carton specifications: outer size in cm and gross weight in kg (SPEC 3 Box spec). */
export const boxSpecs = pgTable(
  'md_box_spec',
  {
    id: id(),
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 128 }).notNull(),
    nameEn: varchar({ length: 128 }),
    lengthCm: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    widthCm: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    heightCm: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    grossWeightKg: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull(),
    status: varchar({ length: 1 }).notNull().default('1'),
    orgCode: varchar({ length: 64 }),
    ...pinyinColumns(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('md_box_spec_code_uq').on(t.code), index('md_box_spec_create_at_idx').on(t.createAt)],
)
