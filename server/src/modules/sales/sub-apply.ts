import {
  ApprovalStatus,
  Errors,
  maySubFlow,
  OPEN_APPROVAL,
  ReviewDecision,
  type SubApplyAddSchema,
  type SubApplyReplySchema,
  SubApplySchema,
  subApplyResource,
} from '@app/contracts'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client.ts'
import { roles, saleSubApplies } from '../../db/schema/index.ts'
import type { ApprovalEngine } from '../../platform/approval/index.ts'
import { type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { fail, refuse } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import { conditionsOf } from '../../platform/list-query.ts'
import type { OrderFactsReader } from './order.facts.ts'
import { inScope, lockOrderAndReview } from './order.status.ts'
import { salesTexts } from './texts.ts'

/**
 * Sub-flow requests (issue 15): the current reviewer of an order's step asks another role (and
 * department) about the order; the step waits until it is answered (order.review.ts holds it).
 * Each user sees the requests asked of their roles and those they made.
 */
export const subApplyCrud: CrudResource = {
  meta: subApplyResource,
  table: saleSubApplies,
  record: SubApplySchema,
  input: z.object({}),
  verbs: ['export'],
  visibleTo: (principal) =>
    conditionsOf(
      'subApply:mine',
      [principal.roleCodes, principal.userId],
      (bind) =>
        sql`(${saleSubApplies.roleCode} = any(${bind(principal.roleCodes)}) or ${saleSubApplies.createBy} = ${bind(principal.userId)})`,
    ),
}

export const createSubApplies = (deps: { engine: ApprovalEngine; events: EventBus; facts: OrderFactsReader }) => {
  const { engine, events, facts } = deps
  return {
    /** POST /sale/subApply/add: only the reviewer holding the order's current step may ask. */
    async add(tx: DbOrTx, principal: Principal, input: z.output<typeof SubApplyAddSchema>, req: RequestInfo) {
      const { order, review: locked } = await lockOrderAndReview(tx, input.orderId)
      const found = await facts.currentStepOf(tx, principal, locked)
      refuse(maySubFlow({ currentReviewer: !!found }))
      const current = found!
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, input.roleCode))
      if (!role) fail(Errors.ParameterError, { field: 'roleCode' })
      const deptCode = input.deptCode || null
      const recipients = await engine.holdersOf(tx, input.roleCode, deptCode)
      if (recipients.length === 0) fail(Errors.AuditRecordNotFound, { field: 'roleCode' })
      const [row] = await tx
        .insert(saleSubApplies)
        .values({
          orderId: order.id,
          orderNo: order.orderNo,
          reviewId: current.review.id,
          round: current.review.round,
          stepNo: current.step.stepNo,
          roleCode: input.roleCode,
          deptCode,
          content: input.content,
          status: ApprovalStatus.Pending,
          requesterName: principal.realname,
          orgCode: order.orgCode,
          createBy: principal.userId,
        })
        .returning()
      if (!row) fail(Errors.OperationFailed)
      await recordOperation(tx, req, {
        operation: 'sale_order:subApply',
        resource: 'sale_sub_apply',
        objectId: row.id,
        objectLabel: order.orderNo,
        after: row,
      })
      await events.emit(tx, {
        type: 'business.notify',
        recipientIds: recipients.filter((id) => id !== principal.userId),
        texts: salesTexts.subApplyAsked(order.orderNo, principal.realname, input.content),
        menuId: 'sale_sub_apply',
        objectNo: order.orderNo,
        creatorId: principal.userId,
      })
      return row
    },

    /** POST /sale/subApply/reply: someone holding the asked role (in the asked department) answers. */
    async reply(tx: DbOrTx, principal: Principal, input: z.output<typeof SubApplyReplySchema>, req: RequestInfo) {
      const [row] = await tx.select().from(saleSubApplies).where(eq(saleSubApplies.id, input.id)).for('update')
      if (!row) fail(Errors.NotFound)
      if (row.status === ApprovalStatus.Approved) fail(Errors.AlreadyApproved)
      if (row.status === ApprovalStatus.Rejected) fail(Errors.AlreadyRejected)
      const m = await engine.membershipsOf(tx, principal)
      if (!m.roleCodes.includes(row.roleCode) || (row.deptCode && !m.orgCodes.includes(row.deptCode)))
        fail(Errors.OnlyCurrentReviewer)
      const approved = input.decision === ReviewDecision.Approve
      const [after] = await tx
        .update(saleSubApplies)
        .set({
          status: approved ? ApprovalStatus.Approved : ApprovalStatus.Rejected,
          replyNote: input.note,
          repliedBy: principal.userId,
          replierName: principal.realname,
          repliedAt: new Date(),
          version: row.version + 1,
          updateAt: new Date(),
          updateBy: principal.userId,
        })
        .where(and(eq(saleSubApplies.id, row.id), inArray(saleSubApplies.status, [...OPEN_APPROVAL])))
        .returning()
      if (!after) fail(Errors.DataChanged)
      await recordOperation(tx, req, {
        operation: 'sale_sub_apply:audit',
        resource: 'sale_sub_apply',
        objectId: row.id,
        objectLabel: row.orderNo,
        before: row,
        after,
      })
      if (row.createBy)
        await events.emit(tx, {
          type: 'business.notify',
          recipientIds: [row.createBy],
          texts: salesTexts.subApplyAnswered(row.orderNo, principal.realname, approved, input.note),
          menuId: 'sale_order',
          objectNo: row.orderNo,
          creatorId: principal.userId,
        })
      return after
    },

    /** The requests of an order, for its detail (anyone who may read the order). */
    ofOrder: (db: DbOrTx, orderId: string) =>
      db.select().from(saleSubApplies).where(eq(saleSubApplies.orderId, orderId)).orderBy(saleSubApplies.createAt),

    inScope,
  }
}

export type SubApplies = ReturnType<typeof createSubApplies>
