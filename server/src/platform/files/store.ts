import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { attachments } from '../../db/schema/index.ts'

export type Attachment = typeof attachments.$inferSelect
export type AttachmentKind = 'upload' | 'import-error'

export type NewFile = {
  buffer: Buffer
  /** The client's name (or one we made up); kept for Content-Disposition, never used as a path. */
  name: string
  mime: string
  kind: AttachmentKind
  createBy: string
  tableDic?: string | null
  objectId?: string | null
}

/** Keeps the printable part of a client's file name, for the download header only. */
const displayName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200) || 'file'

/**
 * Files on disk under FILES_DIR, described in `sys_attachment`. The bytes are stored under a
 * random key (two-level fan-out), written to a temporary name and renamed, so a reader never
 * sees half a file. With several instances FILES_DIR must be one shared directory (a network
 * volume): the metadata is in the shared database, the bytes are where FILES_DIR points.
 */
export const createFileStore = (db: Db, filesDir: string) => {
  const pathOf = (key: string) => path.join(filesDir, key.slice(0, 2), key)

  return {
    async save(file: NewFile): Promise<Attachment> {
      const key = randomBytes(16).toString('hex')
      const target = pathOf(key)
      await mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}.part`
      await writeFile(temp, file.buffer, { flag: 'wx' })
      await rename(temp, target)
      try {
        const [row] = await db
          .insert(attachments)
          .values({
            storageKey: key,
            originalName: displayName(file.name),
            size: file.buffer.length,
            mime: file.mime,
            sha256: createHash('sha256').update(file.buffer).digest('hex'),
            kind: file.kind,
            tableDic: file.tableDic ?? null,
            objectId: file.objectId ?? null,
            createBy: file.createBy,
          })
          .returning()
        return row!
      } catch (e) {
        await rm(target, { force: true })
        throw e
      }
    },

    async find(id: string): Promise<Attachment | undefined> {
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1)
      return row
    },

    /** The attachments of one record, oldest first. */
    listFor: (tableDic: string, objectId: string) =>
      db
        .select()
        .from(attachments)
        .where(and(eq(attachments.tableDic, tableDic), eq(attachments.objectId, objectId)))
        .orderBy(asc(attachments.createAt)),

    /** A stream of the stored bytes, or null when they are gone from disk. */
    async open(file: Attachment) {
      const handle = await open(pathOf(file.storageKey), 'r').catch(() => null)
      return handle ? handle.createReadStream() : null
    },
  }
}

export type FileStore = ReturnType<typeof createFileStore>
