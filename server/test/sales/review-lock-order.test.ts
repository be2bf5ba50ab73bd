import { AuditBusiness, Errors, OrderStatus } from '@app/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviews, saleOrders } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { lockWaitersReach, testDbKind } from '../helpers/database.ts'
import { createProductTestApp } from '../product/helpers.ts'
import { addOrder, as, audit, branchId, detail, orderForm, sellable } from './helpers.ts'

/**
 * A reviewer's change takes the order's review and the order in one statement (issue 18), and
 * must take them in the order every other writer does, the review first: otherwise it would hold
 * the order while it waits for the review, and an edit holding the review would wait for the
 * order, a deadlock PostgreSQL ends by failing one of them. And once it has waited, it must see
 * the order as the writer before it left it, not as it stood when the statement began. Real
 * concurrency needs PostgreSQL: a transaction of the test stands for the edit.
 */
describe.runIf(testDbKind() === 'pg')('a reviewer waiting on an edit of the same order', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createProductTestApp()
  })
  afterAll(async () => t?.close())

  it('waits for the edit without a deadlock, then is told the order changed', async () => {
    const branchAdmin = await as(t, 'branch_admin')
    const finance = await as(t, 'branch_finance')
    const moscow = await branchId(t, 'RU-MOW')
    const { id } = await addOrder(branchAdmin, orderForm(moscow, (await sellable(branchAdmin, moscow)).slice(0, 2)))
    expect((await audit(await as(t, 'region_president'), id, 'approve')).status).toBe(200)
    // branch_finance holds step 2, which may lower quantities
    const seen = await detail(finance, id)
    const line = seen.lines[0]!

    // the edit: the review locked first ...
    let go = () => {}
    const orderTaken = new Promise<void>((r) => {
      go = r
    })
    const edit = t.database.db.transaction(async (tx) => {
      await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.business, AuditBusiness.SaleOrder), eq(reviews.objectId, id)))
        .for('update')
      await orderTaken
      // ... then the order, changed
      await tx
        .update(saleOrders)
        .set({ remark: 'changed meanwhile', version: sql`${saleOrders.version} + 1` })
        .where(eq(saleOrders.id, id))
    })
    const adjust = finance.post('/api/sale/order/reviewAdjust', {
      id,
      version: seen.version,
      lines: [{ lineId: line.id, quantity: line.quantity - 1 }],
    })
    expect(await lockWaitersReach(t.database, 1)).toBe(1)
    go()
    await expect(edit).resolves.toBeUndefined()
    const refused = await adjust
    expect(refused.body.code, JSON.stringify(refused.body)).toBe(Errors.DataChanged.code)

    const after = await detail(finance, id)
    expect(after.remark).toBe('changed meanwhile')
    expect(after.lines[0]!.quantity).toBe(line.quantity)
    expect(after.status).toBe(OrderStatus.UnderReview)
    // on the version it now reads, the change goes through
    const again = await finance.post('/api/sale/order/reviewAdjust', {
      id,
      version: after.version,
      lines: [{ lineId: line.id, quantity: line.quantity - 1 }],
    })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await detail(finance, id)).lines[0]!.quantity).toBe(line.quantity - 1)
  })
})
