import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { id, ts } from './columns.ts'

/**
 * Stored files (SPEC 3 'Attachment: table, object id'). The bytes live under FILES_DIR by
 * `storageKey` (random, never the client's name); this row says what they are and whose they
 * are: attached to a record (`tableDic` = resource name, `objectId`) or owned by the uploader.
 */
export const attachments = pgTable(
  'sys_attachment',
  {
    id: id(),
    storageKey: varchar({ length: 64 }).notNull(),
    /** The client's file name, for Content-Disposition only. */
    originalName: varchar({ length: 255 }).notNull(),
    size: integer().notNull(),
    mime: varchar({ length: 128 }).notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    /** 'upload' (an image a user sent) | 'import-error' (an import's error workbook). */
    kind: varchar({ length: 16 }).notNull().default('upload'),
    tableDic: varchar({ length: 64 }),
    objectId: varchar({ length: 64 }),
    createBy: uuid().notNull(),
    createAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_attachment_storage_key_uq').on(t.storageKey),
    index('sys_attachment_object_idx').on(t.tableDic, t.objectId),
    index('sys_attachment_create_by_idx').on(t.createBy),
  ],
)

/**
 * Excel imports run as jobs; their progress lives here so any instance can answer the poll
 * (`/sys/import/progress`) whichever instance runs the import.
 */
export const importJobs = pgTable(
  'sys_import_job',
  {
    id: id(),
    userId: uuid().notNull(),
    resource: varchar({ length: 64 }).notNull(),
    /** 'running' | 'done' | 'failed' */
    status: varchar({ length: 16 }).notNull().default('running'),
    /** 'reading' | 'validating' | 'writing' | 'finished' */
    phase: varchar({ length: 16 }).notNull().default('reading'),
    processed: integer().notNull().default(0),
    total: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    errorFileId: uuid(),
    message: text(),
    createAt: ts().notNull().defaultNow(),
    updateAt: ts().notNull().defaultNow(),
  },
  (t) => [index('sys_import_job_user_idx').on(t.userId, t.createAt)],
)

/** Super queries saved by a user under a name, optionally shared with roles (issue 4). */
export const savedQueries = pgTable(
  'sys_saved_query',
  {
    id: id(),
    userId: uuid().notNull(),
    resource: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    conditions: jsonb().notNull(),
    matchType: varchar({ length: 3 }).notNull(),
    roleIds: uuid().array().notNull().default([]),
    createAt: ts().notNull().defaultNow(),
    updateAt: ts(),
  },
  (t) => [
    uniqueIndex('sys_saved_query_owner_name_uq').on(t.userId, t.resource, t.name),
    index('sys_saved_query_resource_idx').on(t.resource),
  ],
)
