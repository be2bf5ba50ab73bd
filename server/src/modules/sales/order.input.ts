import { Errors, type SaleOrderInputSchema } from '@app/contracts'
import { and, eq, type Placeholder, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import { reusableEach } from '../../db/reusable.ts'
import { branches, countries, departments, userBranches } from '../../db/schema/index.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import { today } from '../../platform/days.ts'
import { fail } from '../../platform/errors.ts'
import { branchStockUploaded } from '../stock/index.ts'
import { orderTotals, type PricedLine, priceLines } from './order.lines.ts'

/** An order's form as saved and changed: its branch, priced lines and header (SPEC 5 required fields, issue 15 rules). */
type Input = z.output<typeof SaleOrderInputSchema>

/** The branches a person orders for: the ones they manage (`userId`), or any with the `all` data permission. */
const orderedForBy = (everyBranch: boolean, userId: Placeholder | string) =>
  everyBranch
    ? sql`true`
    : sql`exists (select 1 from ${userBranches} where ${userBranches.userId} = ${userId} and ${userBranches.branchId} = ${branches.id})`

/** The branches the caller may order for now (enabled): what the order form's branch select offers. */
export const orderableBranchIds = async (db: DbOrTx, principal: Principal) =>
  (
    await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.status, '1'), orderedForBy(principal.dataScope === 'all', principal.userId)))
  ).map((b) => b.id)

/**
 * A branch as an order's form needs it: its status, department and currency, whether the caller may
 * order for it and whether it has reported its stock; one statement built once for each of the two
 * kinds of caller (any branch, or the ones they manage).
 */
const branchRead = reusableEach(
  'sale_order_branch',
  (db, everyBranch: boolean) =>
    db
      .select({
        id: branches.id,
        status: branches.status,
        orgCode: departments.orgCode,
        currency: countries.currencyCode,
        orderable: sql<boolean>`${orderedForBy(everyBranch, sql.placeholder('userId'))}`,
        stockUploaded: branchStockUploaded(branches.id),
      })
      .from(branches)
      .leftJoin(departments, eq(departments.id, branches.departId))
      .leftJoin(countries, eq(countries.id, branches.countryId))
      .where(eq(branches.id, sql.placeholder('branchId'))),
  (everyBranch) => (everyBranch ? 'all' : 'own'),
)

/** The branch, if the caller may order for it (as `orderableBranchIds` offers it) and it has reported its stock. */
const branchFor = async (tx: DbOrTx, principal: Principal, branchId: string) => {
  const [branch] = await branchRead(principal.dataScope === 'all')(tx, { userId: principal.userId, branchId })
  if (branch?.status !== '1') fail(Errors.ParameterError, { field: 'branchId' })
  if (!branch.orderable) fail(Errors.PermissionDenied, { field: 'branchId' })
  if (!branch.stockUploaded) fail(Errors.UploadBranchStock)
  return branch
}

/** The header and priced lines of a form, checked (SPEC 5 required fields, issue 15 rules). */
export const checked = async (
  tx: DbOrTx,
  principal: Principal,
  input: Input,
  kept?: ReadonlyMap<string, { price: number }>,
) => {
  if (input.expectedDeliveryDate < today()) fail(Errors.DeliveryDateInPast, { field: 'expectedDeliveryDate' })
  const branch = await branchFor(tx, principal, input.branchId)
  const lines = await priceLines(tx, input.branchId, input.lines, kept)
  // prices are in the currency the branch buys in (its branch-sale relation's); one per order
  const currencies = new Set(lines.flatMap((l) => (l.currency ? [l.currency] : [])))
  if (currencies.size > 1) fail(Errors.ParameterError, { field: 'lines', currencies: [...currencies] })
  const currency = [...currencies][0] ?? branch.currency
  return { branch, lines, currency }
}

export const headOf = (input: Input, lines: readonly PricedLine[], currency: string | null) => ({
  branchId: input.branchId,
  companyCode: input.companyCode,
  orderDate: input.orderDate ?? today(),
  expectedDeliveryDate: input.expectedDeliveryDate,
  transportMode: input.transportMode ?? null,
  containerSize: input.containerSize ?? null,
  certificateRequired: input.certificateRequired ? '1' : '0',
  certificateTypes: input.certificateRequired ? [...new Set(input.certificateTypes)] : [],
  remark: input.remark ?? null,
  currency,
  ...orderTotals(lines),
})
