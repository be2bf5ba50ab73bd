import { index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id } from './columns.ts'

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
    ...auditColumns(),
  },
  (t) => [uniqueIndex('md_country_code_uq').on(t.code)],
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
    ...auditColumns(),
  },
  (t) => [uniqueIndex('md_branch_code_uq').on(t.code), index('md_branch_country_idx').on(t.countryId)],
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
    ...auditColumns(),
  },
  (t) => [uniqueIndex('md_position_code_uq').on(t.code)],
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
