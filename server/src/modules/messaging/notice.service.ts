import {
  Errors,
  htmlHasContent,
  type Notice,
  type NoticeDetail,
  type NoticeDraft,
  NoticeDraftSchema,
  type NoticeInput,
  NoticeInputSchema,
  type NoticeTarget,
  RECORD_RULES,
  ReadFlag,
} from '@app/contracts'
import { and, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, rowsOf } from '../../db/client.ts'
import {
  departments,
  noticeRecipients,
  notices,
  roles,
  userDepartments,
  userRoles,
  users,
} from '../../db/schema/index.ts'
import type { OperationEntry } from '../../platform/audit-log.ts'
import { fail, keepRules, notFound, staleVersion } from '../../platform/errors.ts'
import type { EventBus } from '../../platform/events.ts'
import { type NoticeRow, toBrief, toDetail, toNotice } from './notice.rows.ts'
import { sanitizeNoticeHtml } from './notice.sanitize.ts'
import type { MessagingText } from './texts.ts'

export type Actor = { userId: string; realname: string; orgCode: string | null }
/** Records the operation-log entry of a write in the write's transaction. */
export type Audit = (tx: DbOrTx, entry: OperationEntry) => Promise<void>
/** A rule said no: the route answers a 510 warning with this text. */
export type Outcome<T> = { value: T } | { warn: keyof typeof MessagingText }

/** A notice's English text, sanitized; none when its editor was left empty. */
const englishText = (html: string | null | undefined) => {
  const clean = html ? sanitizeNoticeHtml(html) : ''
  return htmlHasContent(clean) ? clean : null
}

const LIST_LIMIT = 200
const UNREAD_INFO_LIMIT = 10

/**
 * Notices: administrators write drafts, publish them to everyone, departments (with their
 * sub-departments) or roles, and withdraw them; readers see what was sent to them. The HTML is
 * sanitized on every save.
 */
export const createNoticeService = (deps: { db: Db; events: EventBus }) => {
  const { db, events } = deps

  const load = async (tx: DbOrTx, id: string, lock = false) => {
    const q = tx.select().from(notices).where(eq(notices.id, id))
    const [row] = lock ? await q.for('update') : await q
    if (!row) notFound()
    return row
  }

  /** The chosen departments and roles must exist; nothing else is accepted. */
  const checkTargets = async (tx: DbOrTx, input: { targetType: NoticeTarget; targetIds: string[] }) => {
    if (input.targetType === 'all') return []
    const ids = [...new Set(input.targetIds)]
    const table = input.targetType === 'departments' ? departments : roles
    const [row] = await tx.select({ n: count() }).from(table).where(inArray(table.id, ids))
    if ((row?.n ?? 0) !== ids.length) fail(Errors.ParameterError, [{ path: 'targetIds', message: 'unknown id' }])
    return ids
  }

  const fields = async (tx: DbOrTx, input: ReturnType<typeof NoticeInputSchema.parse>) => {
    const content = sanitizeNoticeHtml(input.content)
    // what sanitizing leaves must still say something (a text of nothing but a script does not)
    keepRules([RECORD_RULES.noticeContent], { content })
    return {
      title: input.title,
      content,
      // an English text left empty is none: the English interface shows the Chinese one
      titleEn: input.titleEn || null,
      contentEn: englishText(input.contentEn),
      noticeType: input.noticeType,
      openType: input.openType,
      openUrl: input.openType === 'url' ? (input.openUrl ?? null) : null,
      targetType: input.targetType,
      targetIds: await checkTargets(tx, input),
    }
  }

  /**
   * The users a notice goes to, fixed at publication (enabled, not deleted), as a query of their
   * ids for the statement that writes them; null when its targets name nobody.
   */
  const recipientsOf = async (tx: DbOrTx, row: NoticeRow): Promise<SQL | null> => {
    // as SQL: a query builder returned from an async function would be run (it is a thenable)
    const active = and(eq(users.delFlag, false), eq(users.status, '1'))
    if (row.targetType === 'all') return sql`${tx.select({ id: users.id }).from(users).where(active)}`
    if (row.targetIds.length === 0) return null
    if (row.targetType === 'roles') {
      return sql`${tx
        .selectDistinct({ id: users.id })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(active, inArray(userRoles.roleId, row.targetIds)))}`
    }
    const chosen = await tx
      .select({ orgCode: departments.orgCode })
      .from(departments)
      .where(inArray(departments.id, row.targetIds))
    if (chosen.length === 0) return null
    // a department includes its sub-departments: their orgCode starts with its own
    return sql`${tx
      .selectDistinct({ id: users.id })
      .from(userDepartments)
      .innerJoin(departments, eq(departments.id, userDepartments.departId))
      .innerJoin(users, eq(users.id, userDepartments.userId))
      .where(and(active, or(...chosen.map((d) => like(departments.orgCode, `${d.orgCode}%`)))))}`
  }

  /**
   * Writes a notice's recipients afresh (their read state starts over) and answers how many they
   * are. PostgreSQL reads them and writes them in one statement: 10 000 ids read into the server
   * and sent back would be a tenth of the publish call. Each row is also its reader's message.
   */
  const writeRecipients = async (tx: DbOrTx, row: NoticeRow): Promise<number> => {
    await tx.delete(noticeRecipients).where(eq(noticeRecipients.noticeId, row.id))
    const chosen = await recipientsOf(tx, row)
    if (!chosen) return 0
    const [written] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with written as (insert into sys_notice_recipient (notice_id, user_id)
          select ${row.id}::uuid, chosen.id from (${chosen}) as chosen returning 1)
        select count(*)::int as n from written`),
    )
    return written?.n ?? 0
  }

  const create = async (input: NoticeInput, actor: Actor, audit: Audit): Promise<Notice> =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notices)
        .values({
          ...(await fields(tx, NoticeInputSchema.parse(input))),
          status: 'draft',
          orgCode: actor.orgCode,
          createBy: actor.userId,
        })
        .returning()
      if (!row) fail(Errors.OperationFailed)
      await audit(tx, { operation: 'sys_notice:add', resource: 'sys_notice', objectId: row.id, after: toNotice(row) })
      return toNotice(row)
    })

  const update = async (
    input: NoticeInput & { id: string; version: number },
    actor: Actor,
    audit: Audit,
  ): Promise<Outcome<Notice>> =>
    db.transaction(async (tx) => {
      const before = await load(tx, input.id, true)
      if (before.status === 'published') return { warn: 'noticePublishedCannotEdit' }
      if (before.version !== input.version) staleVersion()
      const [row] = await tx
        .update(notices)
        .set({
          ...(await fields(tx, NoticeInputSchema.parse(input))),
          status: 'draft',
          updateAt: new Date(),
          updateBy: actor.userId,
          version: before.version + 1,
        })
        .where(and(eq(notices.id, input.id), eq(notices.version, input.version)))
        .returning()
      if (!row) staleVersion()
      await audit(tx, {
        operation: 'sys_notice:edit',
        resource: 'sys_notice',
        objectId: row.id,
        before: toNotice(before),
        after: toNotice(row),
      })
      return { value: toNotice(row) }
    })

  /** Published notices sent to the reader, newest first. */
  const listForReader = async (userId: string, onlyUnread = false, limit = LIST_LIMIT) => {
    const where = and(
      eq(noticeRecipients.userId, userId),
      eq(notices.status, 'published'),
      onlyUnread ? eq(noticeRecipients.readFlag, ReadFlag.Unread) : undefined,
    )
    const rows = await db
      .select({ notice: notices, readFlag: noticeRecipients.readFlag })
      .from(noticeRecipients)
      .innerJoin(notices, eq(notices.id, noticeRecipients.noticeId))
      .where(where)
      .orderBy(desc(notices.publishTime), desc(notices.id))
      .limit(limit)
    const [total] = await db
      .select({ n: count() })
      .from(noticeRecipients)
      .innerJoin(notices, eq(notices.id, noticeRecipients.noticeId))
      .where(where)
    return { total: total?.n ?? 0, records: rows.map((r) => toBrief(r.notice, r.readFlag)) }
  }

  return {
    create,
    update,

    /** The editor's 'save draft': a new notice, or an existing draft changed. */
    async saveDraft(input: NoticeDraft, actor: Actor, audit: Audit): Promise<Outcome<Notice>> {
      const draft = NoticeDraftSchema.parse(input)
      if (!draft.id) return { value: await create(draft, actor, audit) }
      if (draft.version === undefined) fail(Errors.ParameterError, [{ path: 'version', message: 'required' }])
      return update({ ...draft, id: draft.id, version: draft.version }, actor, audit)
    },

    /** For the editor: any notice, whatever its state. */
    async get(id: string): Promise<Notice> {
      return toNotice(await load(db, id))
    },

    /**
     * Sends a draft (or a withdrawn notice) to its recipients: fixes the recipient list, resets
     * their read state, and emits `notice.published` in the same transaction (which announces
     * it to them live; their message is their recipient row).
     */
    async publish(id: string, actor: Actor, audit: Audit): Promise<Outcome<Notice>> {
      const nobody = new Error('no recipients')
      const published = db.transaction(async (tx): Promise<Outcome<Notice>> => {
        const before = await load(tx, id, true)
        if (before.status === 'published') return { warn: 'noticeAlreadyPublished' }
        const recipients = await writeRecipients(tx, before)
        // thrown, so that the recipients of a withdrawn notice are not deleted after all
        if (recipients === 0) throw nobody
        const [row] = await tx
          .update(notices)
          .set({
            status: 'published',
            publishTime: new Date(),
            withdrawTime: null,
            senderId: actor.userId,
            senderName: actor.realname,
            updateAt: new Date(),
            updateBy: actor.userId,
            version: before.version + 1,
          })
          .where(eq(notices.id, id))
          .returning()
        if (!row) notFound()
        await events.emit(tx, { type: 'notice.published', noticeId: id, recipients })
        await audit(tx, {
          operation: 'sys_notice:publish',
          resource: 'sys_notice',
          objectId: id,
          before: { status: before.status },
          after: { status: row.status, recipients },
        })
        return { value: toNotice(row) }
      })
      return published.catch((err) => {
        if (err === nobody) return { warn: 'noticeNoRecipients' }
        throw err
      })
    },

    /** Takes a published notice back: its readers get a warning instead of the text from now on. */
    async withdraw(id: string, actor: Actor, audit: Audit): Promise<Outcome<Notice>> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id, true)
        if (before.status !== 'published') return { warn: 'noticeNotPublished' }
        const [row] = await tx
          .update(notices)
          .set({
            status: 'withdrawn',
            withdrawTime: new Date(),
            updateAt: new Date(),
            updateBy: actor.userId,
            version: before.version + 1,
          })
          .where(eq(notices.id, id))
          .returning()
        if (!row) notFound()
        await audit(tx, {
          operation: 'sys_notice:withdraw',
          resource: 'sys_notice',
          objectId: id,
          before: { status: before.status },
          after: { status: row.status },
        })
        return { value: toNotice(row) }
      })
    },

    /** Deletes a draft or withdrawn notice, and its recipient rows: the messages that announced it. */
    async remove(id: string, audit: Audit): Promise<Outcome<null>> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id, true)
        if (before.status === 'published') return { warn: 'noticePublishedCannotEdit' }
        await tx.delete(noticeRecipients).where(eq(noticeRecipients.noticeId, id))
        await tx.delete(notices).where(eq(notices.id, id))
        await audit(tx, {
          operation: 'sys_notice:delete',
          resource: 'sys_notice',
          objectId: id,
          before: toNotice(before),
        })
        return { value: null }
      })
    },

    /** A notice sent to the reader; opening it marks it (and so the message announcing it) read. */
    async read(id: string, userId: string): Promise<Outcome<NoticeDetail>> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ notice: notices, readFlag: noticeRecipients.readFlag })
          .from(noticeRecipients)
          .innerJoin(notices, eq(notices.id, noticeRecipients.noticeId))
          .where(and(eq(noticeRecipients.noticeId, id), eq(noticeRecipients.userId, userId)))
        if (!found) notFound()
        if (found.notice.status !== 'published') return { warn: 'noticeWithdrawn' }
        if (found.readFlag === ReadFlag.Unread) {
          await tx
            .update(noticeRecipients)
            .set({ readFlag: ReadFlag.Read, readTime: new Date() })
            .where(and(eq(noticeRecipients.noticeId, id), eq(noticeRecipients.userId, userId)))
        }
        return { value: toDetail(found.notice, ReadFlag.Read) }
      })
    },

    listForReader,
    unreadInfo: (userId: string) => listForReader(userId, true, UNREAD_INFO_LIMIT),

    /** Departments and roles a notice can be sent to. */
    async targetOptions() {
      const [depts, roleRows] = await Promise.all([
        db
          .select({
            id: departments.id,
            orgCode: departments.orgCode,
            name: departments.departName,
            nameEn: departments.departNameEn,
          })
          .from(departments)
          .where(eq(departments.status, '1'))
          .orderBy(departments.orgCode),
        db
          .select({ id: roles.id, code: roles.roleCode, name: roles.roleName, nameEn: roles.roleNameEn })
          .from(roles)
          .orderBy(roles.roleCode),
      ])
      return { departments: depts, roles: roleRows }
    },
  }
}

export type NoticeService = ReturnType<typeof createNoticeService>
