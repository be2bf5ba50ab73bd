import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../src/db/client.ts'
import { messages, users } from '../../src/db/schema/index.ts'

export const userIdOf = async (db: DbOrTx, username: string): Promise<string> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!row) throw new Error(`no user ${username}`)
  return row.id
}

/** Writes `n` unread messages straight into the table, newest last. */
export const seedMessages = async (db: DbOrTx, recipientId: string, n: number, prefix = 'Message') => {
  const batchId = randomUUID()
  const base = Date.now() - n * 1000
  const rows = await db
    .insert(messages)
    .values(
      Array.from({ length: n }, (_, i) => ({
        recipientId,
        title: `${prefix} ${i + 1}`,
        content: `content ${i + 1}`,
        creator: 'tester',
        batchId,
        createTime: new Date(base + i * 1000),
      })),
    )
    .returning({ id: messages.id })
  return rows.map((r) => r.id)
}
