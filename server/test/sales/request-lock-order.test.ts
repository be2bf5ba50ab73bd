import { ApprovalStatus, OrderStatus } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saleApplyModifies, saleOrderLines, saleOrders } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { lockWaitersReach, testDbKind } from '../helpers/database.ts'
import { createProductTestApp } from '../product/helpers.ts'
import { addOrder, as, audit, branchId, detail, orderForm, sellable } from './helpers.ts'

/**
 * The last approval of an adjustment request while the branch asks for another one on the same
 * order (found writing the soak, `npm run bench:soak`). A new request locks the order, then its
 * insert waits on the open request's entry of the one-open-request index while a decision changes
 * that request; the decision set the request's status first and took the order after, so each
 * waited for the other and PostgreSQL failed one of them. Deletion requests follow the same code.
 * Real concurrency needs PostgreSQL: a transaction of the test runs a new request's statements
 * (the order locked, the guarded insert) around the decision.
 */
describe.runIf(testDbKind() === 'pg')('a request decided while another is asked for on the same order', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createProductTestApp()
  })
  afterAll(async () => t?.close())

  it('takes the order before the request: the new one is refused, the decision goes through', async () => {
    const branchAdmin = await as(t, 'branch_admin')
    const region = await as(t, 'region_president')
    const director = await as(t, 'finance_director')
    const moscow = await branchId(t, 'RU-MOW')
    const { id: orderId } = await addOrder(
      branchAdmin,
      orderForm(moscow, (await sellable(branchAdmin, moscow)).slice(0, 2)),
    )
    for (const reviewer of ['region_president', 'branch_finance', 'gm_president'])
      expect((await audit(await as(t, reviewer), orderId, 'approve')).status).toBe(200)
    const order = await detail(branchAdmin, orderId)
    expect(order.status).toBe(OrderStatus.PendingDelivery)
    const line = order.lines[0]!
    const asked = await branchAdmin.post<{ id: string }>('/api/sale/applyModify/add', {
      orderId,
      reason: 'the customer wants more',
      lines: [{ type: 'add', orderLineId: line.id, quantity: 5 }],
    })
    expect(asked.status).toBe(200)
    const requestId = asked.body.result.id
    const first = await region.post('/api/sale/applyModify/audit', { id: requestId, decision: 'approve', note: 'ok' })
    expect(first.status).toBe(200)

    // a new request of the branch: the order locked ...
    let go = () => {}
    const decisionWaits = new Promise<void>((r) => {
      go = r
    })
    const another = t.database.db.transaction(async (tx) => {
      await tx.select({ id: saleOrders.id }).from(saleOrders).where(eq(saleOrders.id, orderId)).for('update')
      await decisionWaits
      // ... then its insert, guarded by the one-open-request index
      return tx
        .insert(saleApplyModifies)
        .values({
          orderId,
          orderNo: order.orderNo,
          branchId: moscow,
          modifyTypes: 'add',
          reason: 'and more',
          status: ApprovalStatus.Pending,
        })
        .onConflictDoNothing()
        .returning()
    })
    const last = director.post('/api/sale/applyModify/audit', { id: requestId, decision: 'approve', note: 'ok' })
    expect(await lockWaitersReach(t.database, 1)).toBe(1)
    go()
    expect(await another).toEqual([])
    const decided = await last
    expect(decided.status, JSON.stringify(decided.body)).toBe(200)
    const [changed] = await t.database.db.select().from(saleOrderLines).where(eq(saleOrderLines.id, line.id))
    expect(changed!.quantity).toBe(line.quantity + 5)
  })
})
