import { z } from 'zod'

/**
 * An amount in one currency: an order's currency code (ISO 4217, as its prices are kept; null
 * where an order has none), to the cent.
 */
export const MoneySchema = z.object({ currency: z.string().nullable(), amount: z.number() })
export type Money = z.infer<typeof MoneySchema>

/**
 * Orders and their total over some period: one amount per currency (amounts in different
 * currencies are never added), in currency order; none when there are no orders.
 */
const Tally = z.object({ count: z.number().int(), amounts: z.array(MoneySchema) })

/**
 * GET /dashboard/analysis (issue 17): every figure of the home page in one answer, each in the
 * caller's data scope (the order list's scope for orders, the stock list's for stock). Days are
 * `YYYY-MM-DD` in the server's calendar; `today` says which day the figures are of.
 */
export const DashboardSchema = z.object({
  today: z.string(),
  /** Live orders by order date: this calendar month and the one before. */
  thisMonth: Tally,
  lastMonth: Tally,
  /** Every live order by status (order_status values). */
  byStatus: z.array(Tally.extend({ status: z.number().int() })),
  /** Live orders by branch, most orders first. */
  byBranch: z.array(Tally.extend({ branchId: z.string(), name: z.string(), nameEn: z.string().nullable() })),
  /** Live orders by the branch's region (dictionary `region`; null: no region). */
  byRegion: z.array(Tally.extend({ region: z.string().nullable() })),
  /** The last 12 months, oldest first, each present (`YYYY-MM`, first and last day). */
  byMonth: z.array(Tally.extend({ month: z.string(), from: z.string(), to: z.string() })),
  /** The 10 products most ordered (quantity) on live orders of the last 12 months. */
  topProducts: z.array(
    z.object({
      productId: z.string(),
      code: z.string(),
      name: z.string(),
      nameEn: z.string().nullable(),
      quantity: z.number(),
      amounts: z.array(MoneySchema),
    }),
  ),
  /** Orders pending or partly delivered expected from today to 7 days on. */
  deliveriesDue: z.object({ count: z.number().int(), from: z.string(), to: z.string() }),
  /** The caller's inbox (the todo list) and how many of those are past their step's time limit. */
  reviews: z.object({ waiting: z.number().int(), overdue: z.number().int() }),
  /**
   * Stock batches with quantity left: expired (expiry date before today) and near expiry (within the
   * product's expiry warning days); `nearTo` is the furthest day any product's warning reaches.
   */
  expiry: z.object({ expired: z.number().int(), near: z.number().int(), nearTo: z.string() }),
  /** Live orders whose ERP sync status is not 'synced', by sync status (erp_sync_status values). */
  unsynced: z.object({
    count: z.number().int(),
    bySyncStatus: z.array(z.object({ syncStatus: z.string(), count: z.number().int() })),
  }),
})
export type Dashboard = z.infer<typeof DashboardSchema>
