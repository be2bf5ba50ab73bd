import {
  Errors,
  IdBodySchema,
  IdQuerySchema,
  NoticeBriefSchema,
  NoticeDetailSchema,
  NoticeDraftSchema,
  NoticeEditSchema,
  NoticeInputSchema,
  NoticeSchema,
  NoticeTargetOptionsSchema,
  NoticeUnreadInfoSchema,
} from '@app/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { recordOperation } from '../../platform/audit-log.ts'
import { ok, okOrWarningResponse, okResponse, warning } from '../../platform/envelope.ts'
import { fail } from '../../platform/errors.ts'
import { requestLang } from '../../platform/i18n.ts'
import { type Actor, type Audit, createNoticeService, type Outcome } from './notice.service.ts'
import { MessagingText } from './texts.ts'

const tags = ['messaging']

const actorOf = (req: FastifyRequest): Actor => {
  const p = principalOf(req)
  return { userId: p.userId, realname: p.realname, orgCode: p.orgCode }
}

const auditOf =
  (req: FastifyRequest): Audit =>
  (tx, entry) =>
    recordOperation(tx, req, entry)

/** The result, or the rule's text as a 510 warning in the caller's language. */
const answer = <T>(req: FastifyRequest, outcome: Outcome<T>) =>
  'warn' in outcome ? warning(MessagingText[outcome.warn][requestLang(req)]) : ok(outcome.value)

/**
 * Notices: reading (every signed-in user, only what was sent to them) and writing (the
 * `sys_notice` buttons: add, edit, delete, publish, withdraw).
 */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, events } = app.deps
  const service = createNoticeService({ db: database.db, events })

  app.get(
    '/sys/notice/queryAllList',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Published notices sent to the caller, newest first, with their read state',
        response: okResponse(z.array(NoticeBriefSchema)),
      },
    },
    async (req) => ok((await service.listForReader(principalOf(req).userId)).records),
  )

  app.get(
    '/sys/notice/getUnreadInfo',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'How many notices the caller has not read, and the newest of them',
        response: okResponse(NoticeUnreadInfoSchema),
      },
    },
    async (req) => ok(await service.unreadInfo(principalOf(req).userId)),
  )

  app.get(
    '/sys/notice/queryById',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Open a notice sent to you (marks it read); a withdrawn one answers a 510 warning',
        querystring: IdQuerySchema,
        response: okOrWarningResponse(NoticeDetailSchema),
      },
    },
    async (req) => answer(req, await service.read(req.query.id, principalOf(req).userId)),
  )

  app.get(
    '/sys/notice/queryForEdit',
    {
      config: { permission: ['sys_notice:edit', 'sys_notice:publish', 'sys_notice:withdraw'] },
      schema: {
        tags,
        summary: 'A notice in any state, for its editor',
        querystring: IdQuerySchema,
        response: okResponse(NoticeSchema),
      },
    },
    async (req) => ok(await service.get(req.query.id)),
  )

  app.get(
    '/sys/notice/targetOptions',
    {
      config: { permission: ['sys_notice:add', 'sys_notice:edit'] },
      schema: {
        tags,
        summary: 'Departments and roles a notice can be sent to',
        response: okResponse(NoticeTargetOptionsSchema),
      },
    },
    async () => ok(await service.targetOptions()),
  )

  app.post(
    '/sys/notice/add',
    {
      config: { permission: 'sys_notice:add' },
      schema: {
        tags,
        summary: 'Write a new notice (a draft)',
        body: NoticeInputSchema,
        response: okResponse(NoticeSchema),
      },
    },
    async (req) => ok(await service.create(req.body, actorOf(req), auditOf(req))),
  )

  app.post(
    '/sys/notice/edit',
    {
      config: { permission: 'sys_notice:edit' },
      schema: {
        tags,
        summary: 'Change a draft or withdrawn notice (it becomes a draft)',
        body: NoticeEditSchema,
        response: okOrWarningResponse(NoticeSchema),
      },
    },
    async (req) => answer(req, await service.update(req.body, actorOf(req), auditOf(req))),
  )

  app.post(
    '/sys/notice/saveDraft',
    {
      config: { permission: ['sys_notice:add', 'sys_notice:edit'] },
      schema: {
        tags,
        summary: "The editor's 'save draft': new without id (add), existing with id and version (edit)",
        body: NoticeDraftSchema,
        response: okOrWarningResponse(NoticeSchema),
      },
    },
    async (req) => {
      const key = req.body.id ? 'sys_notice:edit' : 'sys_notice:add'
      if (!principalOf(req).permissions.has(key)) fail(Errors.PermissionDenied)
      return answer(req, await service.saveDraft(req.body, actorOf(req), auditOf(req)))
    },
  )

  app.post(
    '/sys/notice/publish',
    {
      config: { permission: 'sys_notice:publish' },
      schema: {
        tags,
        summary: 'Send a draft or withdrawn notice to its recipients',
        body: IdBodySchema,
        response: okOrWarningResponse(NoticeSchema),
      },
    },
    async (req) => answer(req, await service.publish(req.body.id, actorOf(req), auditOf(req))),
  )

  app.post(
    '/sys/notice/withdraw',
    {
      config: { permission: 'sys_notice:withdraw' },
      schema: {
        tags,
        summary: 'Take a published notice back',
        body: IdBodySchema,
        response: okOrWarningResponse(NoticeSchema),
      },
    },
    async (req) => answer(req, await service.withdraw(req.body.id, actorOf(req), auditOf(req))),
  )

  app.delete(
    '/sys/notice/delete',
    {
      config: { permission: 'sys_notice:delete' },
      schema: {
        tags,
        summary: 'Delete a draft or withdrawn notice and the messages that announced it',
        querystring: IdQuerySchema,
        response: okOrWarningResponse(z.null()),
      },
    },
    async (req) => answer(req, await service.remove(req.query.id, auditOf(req))),
  )
}
