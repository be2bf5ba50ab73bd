import { integer, timestamp, uuid, varchar } from 'drizzle-orm/pg-core'

/** Primary key of every entity table. */
export const id = () => uuid().primaryKey().defaultRandom()

/** Timestamps with time zone, as JS Dates. */
export const ts = () => timestamp({ withTimezone: true, mode: 'date' })

/**
 * Who and when, plus the optimistic-lock version (DESIGN 3: stale edits answer 409).
 * `createBy` is the creating user's id and `orgCode` the creator's current department: the data
 * scope (all / department / personal) filters on these two.
 */
export const auditColumns = () => ({
  createAt: ts().notNull().defaultNow(),
  createBy: uuid(),
  updateAt: ts(),
  updateBy: uuid(),
  version: integer().notNull().default(1),
})

/** Full pinyin and initials of a searchable name, so 'jksp' finds 健康食品 (kept on save). */
export const pinyinColumns = () => ({
  namePinyin: varchar({ length: 512 }),
  nameInitials: varchar({ length: 128 }),
})
