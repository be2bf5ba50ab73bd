import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.ts'
import { backup, restore } from '../../src/db/backup.ts'
import { openPglite } from '../../src/db/client.ts'

/** `npm run backup` / `npm run restore` of the embedded database and the uploaded files: a round trip. */
let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'backup-'))
})
afterAll(async () => rm(root, { recursive: true, force: true }))

const rowsIn = async (dataDir: string) => {
  const database = await openPglite({ dataDir })
  const rows = await database.arrays('select name from kept order by name', [])
  await database.close()
  return rows.map((r) => r[0])
}
const write = async (dataDir: string, ...statements: string[]) => {
  const database = await openPglite({ dataDir })
  for (const s of statements) await database.db.execute(sql.raw(s))
  await database.close()
}

describe('backup and restore (embedded database)', () => {
  it('a restore brings back the rows and files of the backup; what was there is kept aside', async () => {
    const config = loadConfig({ DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent' })
    const pglite = path.join(config.dataDir, 'pglite')
    await write(pglite, 'create table kept (name text)', "insert into kept values ('东京'), ('Moscow')")
    await mkdir(config.filesDir, { recursive: true })
    await writeFile(path.join(config.filesDir, 'a.txt'), 'first')

    const target = path.join(root, 'backup-1')
    await backup(config, target)
    expect((await readdir(target)).sort()).toEqual(['database.tar.gz', 'files'])
    // a backup never overwrites one
    await expect(backup(config, target)).rejects.toThrow(/exists/)

    // later work: a row added, a row gone, a file changed
    await write(pglite, "insert into kept values ('Lima')", "delete from kept where name = 'Moscow'")
    await writeFile(path.join(config.filesDir, 'a.txt'), 'second')
    expect(await rowsIn(pglite)).toEqual(['Lima', '东京'])

    const asides = await restore(config, target)
    expect(await rowsIn(pglite)).toEqual(['Moscow', '东京'])
    expect(await readFile(path.join(config.filesDir, 'a.txt'), 'utf8')).toBe('first')
    // the state before the restore is kept, not deleted
    expect(asides).toHaveLength(2)
    expect(await rowsIn(asides[0]!)).toEqual(['Lima', '东京'])
    // it opens seven embedded databases one after another: seconds each on a busy machine
  }, 180_000)

  it('refuses what is not a backup, and PostgreSQL (pg_dump is its way)', async () => {
    const config = loadConfig({ DATA_DIR: path.join(root, 'data-2'), LOG_LEVEL: 'silent' })
    await expect(restore(config, root)).rejects.toThrow(/not a backup/)
    const pg = loadConfig({ DATA_DIR: path.join(root, 'data-3'), DATABASE_URL: 'postgres://x@127.0.0.1:1/x' })
    await expect(backup(pg, path.join(root, 'b'))).rejects.toThrow(/pg_dump/)
  })
})
