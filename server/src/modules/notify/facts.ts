import { AuditBusiness, type Lang, localName } from '@app/contracts'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reusable } from '../../db/reusable.ts'
import {
  branches,
  codeTable,
  dictItems,
  dictTypes,
  products,
  reviews,
  roles,
  saleApplyModifies,
  saleOrderDeletes,
  saleOrderLines,
  saleOrders,
  userRoles,
  users,
} from '../../db/schema/index.ts'
import { deadlineOf } from '../../platform/approval/index.ts'

/** What a notification says of an order: its number, branch, amount and lines. */
export type OrderSummary = {
  id: string
  orderNo: string
  version: number
  status: number
  orgCode: string | null
  createBy: string | null
  branch: Record<Lang, string>
  totalAmount: number
  currency: string | null
  lines: { name: Record<Lang, string>; quantity: number; unit: Record<Lang, string>; amount: number }[]
}

type LineRow = {
  name: string
  nameEn: string | null
  quantity: number
  unit: string
  unitZh: string | null
  unitEn: string | null
  amount: number
}

/** An order with its branch and lines, in one statement, built once (it runs on every decision). */
const orderSummaryStatement = reusable('notify_order_summary', (db) =>
  db
    .select({
      id: saleOrders.id,
      orderNo: saleOrders.orderNo,
      version: saleOrders.version,
      status: saleOrders.status,
      orgCode: saleOrders.orgCode,
      createBy: saleOrders.createBy,
      branchName: branches.name,
      branchNameEn: branches.nameEn,
      totalAmount: saleOrders.totalAmount,
      currency: saleOrders.currency,
      // a line's unit with its dictionary label in both languages (the language screen may have edited them)
      lines: sql<LineRow[] | null>`(
        select json_agg(json_build_object('name', ${products.name}, 'nameEn', ${products.nameEn},
          'quantity', ${saleOrderLines.quantity}, 'unit', ${saleOrderLines.unit}, 'unitZh', ${codeTable.zh},
          'unitEn', ${codeTable.en}, 'amount', ${saleOrderLines.amount}) order by ${saleOrderLines.lineNo})
        from ${saleOrderLines} inner join ${products} on ${products.id} = ${saleOrderLines.productId}
        left join ${dictItems} on ${dictItems.value} = ${saleOrderLines.unit}
          and ${dictItems.dictId} = (select ${dictTypes.id} from ${dictTypes} where ${dictTypes.dictCode} = 'product_unit')
        left join ${codeTable} on ${codeTable.id} = ${dictItems.textId}
        where ${saleOrderLines.orderId} = ${saleOrders.id})`,
    })
    .from(saleOrders)
    .innerJoin(branches, eq(branches.id, saleOrders.branchId))
    .where(and(eq(saleOrders.id, sql.placeholder('id')), eq(saleOrders.delFlag, false))),
)

/** An order with its branch and lines; null when there is no live order. */
export const readOrderSummary = async (db: DbOrTx, orderId: string): Promise<OrderSummary | null> => {
  const [row] = await orderSummaryStatement(db, { id: orderId })
  if (!row) return null
  return {
    id: row.id,
    orderNo: row.orderNo,
    version: row.version,
    status: row.status,
    orgCode: row.orgCode,
    createBy: row.createBy,
    branch: { zh: row.branchName, en: localName(row, 'en', 'branchName') },
    totalAmount: Number(row.totalAmount),
    currency: row.currency,
    lines: (row.lines ?? []).map((l) => ({
      name: { zh: l.name, en: localName(l, 'en') },
      quantity: Number(l.quantity),
      unit: { zh: l.unitZh ?? l.unit, en: l.unitEn ?? l.unit },
      amount: Number(l.amount),
    })),
  }
}

/** The order a review's object belongs to (the order itself, an adjustment's, a deletion's); null for products. */
export const orderOfObject = async (db: DbOrTx, business: string, objectId: string): Promise<string | null> => {
  if (business === AuditBusiness.SaleOrder) return objectId
  if (business === AuditBusiness.OrderAdjust) {
    const [r] = await db
      .select({ orderId: saleApplyModifies.orderId })
      .from(saleApplyModifies)
      .where(eq(saleApplyModifies.id, objectId))
    return r?.orderId ?? null
  }
  if (business === AuditBusiness.OrderDelete) {
    const [r] = await db
      .select({ orderId: saleOrderDeletes.orderId })
      .from(saleOrderDeletes)
      .where(eq(saleOrderDeletes.id, objectId))
    return r?.orderId ?? null
  }
  return null
}

/** The summary of the order a review's object belongs to; null for products or without a live order. */
export const orderSummaryOf = async (db: DbOrTx, business: string, objectId: string) => {
  const orderId = await orderOfObject(db, business, objectId)
  return orderId ? readOrderSummary(db, orderId) : null
}

/** An order by its number (a business message names its order that way). */
export const orderIdByNo = async (db: DbOrTx, orderNo: string) => {
  const [r] = await db
    .select({ id: saleOrders.id })
    .from(saleOrders)
    .where(and(eq(saleOrders.orderNo, orderNo), eq(saleOrders.delFlag, false)))
  return r?.id ?? null
}

const reviewStateStatement = reusable('notify_review_state', (db) =>
  db
    .select({
      id: reviews.id,
      business: reviews.business,
      objectId: reviews.objectId,
      objectNo: reviews.objectNo,
      status: reviews.status,
      round: reviews.round,
      currentStep: reviews.currentStep,
      version: reviews.version,
      stepStartedAt: reviews.stepStartedAt,
      timeLimitHours: reviews.currentTimeLimitHours,
    })
    .from(reviews)
    .where(eq(reviews.id, sql.placeholder('id'))),
)

/** A review as it stands, with its current step's deadline (null without a time limit). */
export const readReviewState = async (db: DbOrTx, reviewId: string) => {
  const [r] = await reviewStateStatement(db, { id: reviewId })
  if (!r) return null
  return { ...r, deadline: deadlineOf(r.stepStartedAt, r.timeLimitHours ?? null) }
}

export type Recipient = {
  id: string
  realname: string
  email: string | null
  lang: Lang
  roleCodes: string[]
}

/** Enabled, live users with their e-mail, language and role codes. */
export const readRecipients = async (db: DbOrTx, ids: readonly string[]): Promise<Recipient[]> => {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const rows = await db
    .select({
      id: users.id,
      realname: users.realname,
      email: users.email,
      lang: users.lang,
      roleCodes: sql<string[] | null>`(select json_agg(${roles.roleCode}) from ${userRoles}
        inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`,
    })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.delFlag, false), eq(users.status, '1')))
    .orderBy(asc(users.username))
  return rows.map((r) => ({
    id: r.id,
    realname: r.realname,
    email: r.email?.trim() || null,
    lang: r.lang === 'en' ? 'en' : 'zh',
    roleCodes: r.roleCodes ?? [],
  }))
}

/** The live, enabled users holding a role. */
export const usersWithRole = async (db: DbOrTx, roleCode: string) =>
  (
    await db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.roleCode, roleCode))
  ).map((r) => r.id)
