import { createHash, randomBytes } from 'node:crypto'
import { access, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, inArray } from 'drizzle-orm'
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

/** The suffix of a file being written. */
const PART = '.part'

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/**
 * Files on disk under FILES_DIR, described in `sys_attachment`. The bytes are stored under a
 * random key (two-level fan-out). They are written to `<key>.part`, the row is committed, and only
 * then is the file renamed to its key: a reader never sees half a file, a finished file always has
 * its row, and a process killed on the way leaves at most a `.part` file, which `recoverFiles`
 * settles at the next start. With several instances FILES_DIR must be one shared directory (a
 * network volume): the metadata is in the shared database, the bytes are where FILES_DIR points.
 */
export const createFileStore = (db: Db, filesDir: string) => {
  const pathOf = (key: string) => path.join(filesDir, key.slice(0, 2), key)

  return {
    async save(file: NewFile): Promise<Attachment> {
      const key = randomBytes(16).toString('hex')
      const target = pathOf(key)
      await mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}${PART}`
      await writeFile(temp, file.buffer, { flag: 'wx' })
      const row = await db
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
        .then((rows) => rows[0]!)
        .catch(async (e) => {
          await rm(temp, { force: true })
          throw e
        })
      try {
        await rename(temp, target)
      } catch (e) {
        // another instance starting up may have finished the rename (a `.part` with its row), or
        // taken the `.part` for a killed upload's in the moment before this row was committed
        if (!(await exists(target))) {
          await db.delete(attachments).where(eq(attachments.id, row.id))
          throw e
        }
      }
      return row
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

    /**
     * A stream of the stored bytes, or null when they are gone from disk. A row whose writer was
     * killed between commit and rename has its whole file at `.part` until the next start.
     */
    async open(file: Attachment) {
      const target = pathOf(file.storageKey)
      const handle =
        (await open(target, 'r').catch(() => null)) ?? (await open(`${target}${PART}`, 'r').catch(() => null))
      return handle ? handle.createReadStream() : null
    },
  }
}

export type FileStore = ReturnType<typeof createFileStore>

/**
 * At start-up (`main.ts`), what a killed process left half done under FILES_DIR: a `.part` file
 * whose row was committed is complete (the row is written after the bytes) and is renamed to its
 * key; one without a row is an upload or error workbook that never was, and is removed. Only
 * `.part` files are touched: a finished file is never judged by this database's rows (FILES_DIR
 * might hold another's). Answers what it did.
 */
export const recoverFiles = async (db: Db, filesDir: string) => {
  const parts: { key: string; file: string }[] = []
  for (const fan of await readdir(filesDir).catch(() => [])) {
    const names = await readdir(path.join(filesDir, fan)).catch(() => [] as string[])
    for (const name of names)
      if (name.endsWith(PART)) parts.push({ key: name.slice(0, -PART.length), file: path.join(filesDir, fan, name) })
  }
  const done = { completed: 0, removed: 0 }
  if (parts.length === 0) return done
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(
      inArray(
        attachments.storageKey,
        parts.map((p) => p.key),
      ),
    )
  const known = new Set(rows.map((r) => r.key))
  for (const { key, file } of parts) {
    if (known.has(key)) {
      const target = file.slice(0, -PART.length)
      // another instance starting at the same time may have renamed it already
      await rename(file, target).catch(async (e) => {
        if (!(await exists(target))) throw e
      })
      done.completed++
    } else {
      await rm(file, { force: true })
      done.removed++
    }
  }
  return done
}
