import {
  BoxSpecInputSchema,
  BoxSpecOptionSchema,
  BoxSpecSchema,
  BranchInputSchema,
  BranchOptionSchema,
  BranchSchema,
  boxSpecResource,
  branchResource,
  CountryInputSchema,
  CountryOptionSchema,
  CountrySchema,
  countryResource,
  DepotInputSchema,
  DepotOptionSchema,
  DepotSchema,
  depotResource,
  PositionInputSchema,
  PositionOptionSchema,
  PositionSchema,
  positionResource,
  SupplierInputSchema,
  SupplierOptionSchema,
  SupplierSchema,
  supplierResource,
} from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import {
  boxSpecs,
  branches,
  countries,
  depots,
  positions,
  suppliers,
  userBranches,
  users,
} from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'

/** Selects offer enabled rows only, and of each only what a select shows. */
const enabled = (column: AnyPgColumn, record: z.ZodObject) => ({ record, where: () => eq(column, '1') })

/**
 * Master data as declarations: each screen of SPEC 2 'Master data lists' is one entry here plus
 * its shared meta in packages/contracts/src/masterdata.ts. Departments (a tree with its own
 * rules) live in department.resource.ts.
 */
export const MASTER_DATA: readonly CrudResource[] = [
  {
    meta: supplierResource,
    table: suppliers,
    record: SupplierSchema,
    input: SupplierInputSchema,
    pinyin: true,
    listAll: enabled(suppliers.status, SupplierOptionSchema),
  },
  {
    meta: countryResource,
    table: countries,
    record: CountrySchema,
    input: CountryInputSchema,
    pinyin: true,
    listAll: enabled(countries.status, CountryOptionSchema),
    referencedBy: [
      { table: branches, column: branches.countryId },
      { table: suppliers, column: suppliers.countryId },
    ],
  },
  {
    meta: branchResource,
    table: branches,
    record: BranchSchema,
    input: BranchInputSchema,
    pinyin: true,
    listAll: enabled(branches.status, BranchOptionSchema),
    referencedBy: [{ table: userBranches, column: userBranches.branchId }],
  },
  {
    meta: depotResource,
    table: depots,
    record: DepotSchema,
    input: DepotInputSchema,
    pinyin: true,
    listAll: enabled(depots.status, DepotOptionSchema),
  },
  {
    meta: boxSpecResource,
    table: boxSpecs,
    record: BoxSpecSchema,
    input: BoxSpecInputSchema,
    pinyin: true,
    listAll: enabled(boxSpecs.status, BoxSpecOptionSchema),
  },
  {
    meta: positionResource,
    table: positions,
    record: PositionSchema,
    input: PositionInputSchema,
    pinyin: true,
    listAll: enabled(positions.status, PositionOptionSchema),
    referencedBy: [{ table: users, column: users.positionId }],
  },
]
