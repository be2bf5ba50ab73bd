import { randomUUID } from 'node:crypto'
import { ApprovalStatus, AuditBusiness } from '@app/contracts'
import { holdersOf } from '../../../platform/approval/reviewers.ts'
import type { DbOrTx } from '../../client.ts'
import type { saleOrderDeletes, saleSubApplies } from '../../schema/index.ts'
import { DELETE_REASON, type Random, SUB_FLOWS } from './sales-data.ts'
import {
  between,
  type Flow,
  type LogRow,
  logRow,
  type Person,
  type ReviewRow,
  type Round,
  reviewRows,
} from './sales-review.ts'

/** An order as the requests below need it. */
export type SeededOrder = {
  kind: string
  row: { id: string; orderNo: string; orgCode: string | null }
  submitter: Person
  rounds: readonly Round[]
  review: ReviewRow
}

type SubApplyRow = typeof saleSubApplies.$inferSelect
type DeleteRow = typeof saleOrderDeletes.$inferSelect
type SubFlow = { roleCode: string; deptCode: string; content: string; reply?: string }

/**
 * Review requests around the orders, as sub-apply.ts and order-delete.ts write them: sub-flow
 * requests (one waiting at an order's current step, one answered at a current step, one answered
 * on an order approved since) and a deletion request of the order centre on an approved order,
 * waiting on the order_delete flow.
 */
export const reviewRequests = async (
  db: DbOrTx,
  rand: Random,
  flows: { order: Flow; delete: Flow },
  orders: readonly SeededOrder[],
  people: ReadonlyMap<string, Person>,
  now: Date,
) => {
  const taken = new Set<SeededOrder>()
  /** The latest order of the branch administrator's (they see it too) that fits, each used once. */
  const pick = (what: string, fits: (o: SeededOrder) => boolean) => {
    const found =
      orders.findLast((o) => !taken.has(o) && o.submitter.username === 'branch_admin' && fits(o)) ??
      fail(`no order for ${what}`)
    taken.add(found)
    return found
  }
  const decided = (o: SeededOrder, stepNo: number) =>
    o.rounds[0]!.decisions.find((d) => d.stepNo === stepNo) ?? fail(`step ${stepNo} of ${o.row.orderNo} undecided`)
  const holderOf = (o: SeededOrder, stepNo: number) =>
    flows.order.reviewerOf(stepNo, o.submitter.id, decided(o, stepNo - 1).by)
  const subApplies: SubApplyRow[] = []
  const logs: LogRow[] = []

  /** `asker`, holding step `stepNo`, asks a role at `askedAt`; answered before `answer.by` when given. */
  const ask = async (
    o: SeededOrder,
    stepNo: number,
    asker: Person,
    flow: SubFlow,
    askedAt: Date,
    answer?: { by: Date; agree: boolean },
  ) => {
    const holders = await holdersOf(db, flow.roleCode, flow.deptCode)
    const replier = [...people.values()].find((p) => holders.includes(p.id)) ?? fail(`nobody holds ${flow.roleCode}`)
    const asked: SubApplyRow = {
      id: randomUUID(),
      orderId: o.row.id,
      orderNo: o.row.orderNo,
      reviewId: o.review.id!,
      round: o.review.round!,
      stepNo,
      roleCode: flow.roleCode,
      deptCode: flow.deptCode,
      content: flow.content,
      status: ApprovalStatus.Pending,
      requesterName: asker.realname,
      replyNote: null,
      repliedBy: null,
      replierName: null,
      repliedAt: null,
      orgCode: o.row.orgCode,
      createAt: askedAt,
      createBy: asker.id,
      updateAt: null,
      updateBy: null,
      version: 1,
    }
    const about = { resource: 'sale_sub_apply', objectId: asked.id, objectLabel: o.row.orderNo }
    logs.push(
      logRow(
        { path: '/api/sale/subApply/add', by: asker, at: askedAt },
        { operation: 'sale_order:subApply', ...about, after: asked },
      ),
    )
    if (!answer || !flow.reply) {
      subApplies.push(asked)
      return
    }
    const repliedAt = between(rand, askedAt, answer.by, 0.3, 0.7)
    const answered: SubApplyRow = {
      ...asked,
      status: answer.agree ? ApprovalStatus.Approved : ApprovalStatus.Rejected,
      replyNote: flow.reply,
      repliedBy: replier.id,
      replierName: replier.realname,
      repliedAt,
      updateAt: repliedAt,
      updateBy: replier.id,
      version: 2,
    }
    logs.push(
      logRow(
        { path: '/api/sale/subApply/reply', by: replier, at: repliedAt },
        { operation: 'sale_sub_apply:audit', ...about, before: asked, after: answered },
      ),
    )
    subApplies.push(answered)
  }

  // waiting: branch finance's step holds until the logistics chief answers
  const waiting = pick('a waiting sub-flow request', (o) => o.kind === 'atStep2')
  await ask(waiting, 2, holderOf(waiting, 2), SUB_FLOWS.pending, between(rand, decided(waiting, 1).at, now, 0.3, 0.7))
  // answered at the current step: the general-office president may decide now
  const agreed = pick('an answered sub-flow request', (o) => o.kind === 'atStep3')
  const agreedAsked = between(rand, decided(agreed, 2).at, now, 0.2, 0.5)
  await ask(agreed, 3, holderOf(agreed, 3), SUB_FLOWS.agreed, agreedAsked, { by: now, agree: true })
  // answered no, and branch finance approved anyway
  const shipped = pick('a sub-flow request on an approved order', (o) => o.kind === 'approved')
  const [one, two] = [decided(shipped, 1).at, decided(shipped, 2)]
  await ask(shipped, 2, two.by, SUB_FLOWS.disagreed, between(rand, one, two.at, 0.1, 0.3), { by: two.at, agree: false })

  // the order centre asks to delete an approved order nothing of which has shipped
  const requester = [...people.values()].find((p) => p.username === 'logistics_admin') ?? fail('logistics_admin')
  const cancelled = pick(
    'a deletion request',
    (o) => o.kind === 'approved' && now.getTime() - (o.review.finishedAt as Date).getTime() < 60 * 86_400_000,
  )
  const askedAt = between(rand, cancelled.review.finishedAt as Date, now, 0.6, 0.9)
  const request: DeleteRow = {
    id: randomUUID(),
    orderId: cancelled.row.id,
    orderNo: cancelled.row.orderNo,
    reason: DELETE_REASON,
    status: ApprovalStatus.Pending,
    requesterName: requester.realname,
    orgCode: requester.orgCode,
    createAt: askedAt,
    createBy: requester.id,
    updateAt: null,
    updateBy: null,
    version: 1,
  }
  const applied = { path: '/api/sale/order/applyDelete', by: requester, at: askedAt }
  const review = reviewRows(
    flows.delete,
    { business: AuditBusiness.OrderDelete, objectId: request.id, objectNo: request.orderNo, submitter: requester },
    [{ startedAt: askedAt, decisions: [] }],
    [applied],
    '/api/sale/orderDelete/audit',
  )
  logs.push(
    ...review.logs,
    logRow(applied, {
      operation: 'sale_order:applyDelete',
      resource: 'sale_order_delete',
      objectId: request.id,
      objectLabel: request.orderNo,
      after: request,
    }),
  )
  return { subApplies, deletes: [request], reviews: [review.review], steps: review.steps, logs }
}

const fail = (what: string): never => {
  throw new Error(`seed sales: ${what}`)
}
