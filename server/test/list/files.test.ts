import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type Attachment, Errors } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { suppliers, users } from '../../src/db/schema/index.ts'
import { createFileStore, recoverFiles } from '../../src/platform/files/store.ts'
import { client } from '../helpers/app.ts'
import {
  createListTestApp,
  multipart,
  raw,
  SCOPED_BASE,
  startImport,
  type TestApp,
  tokensFor,
  waitForImport,
  workbookOf,
} from './helpers.ts'

let t: TestApp & { filesDir: string }
let tokens: Record<string, string>
let supplierId: string
beforeAll(async () => {
  t = await createListTestApp()
  tokens = await tokensFor(t.app, 'admin', 'finance_admin', 'logistics_admin')
  const [s001] = await t.database.db.select().from(suppliers).where(eq(suppliers.code, 'S001'))
  supplierId = s001!.id
})
afterAll(async () => t?.close())

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5270ed40000000049454e44ae426082',
  'hex',
)

const upload = async (token: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) => {
  const form = await multipart({ name, bytes, type: 'application/octet-stream' }, fields)
  return raw(t.app, token, 'POST', '/api/file/upload', { body: form.body, headers: form.headers })
}
const download = (token: string, attachId: string) =>
  raw(t.app, token, 'GET', '/api/file/downloadById', { query: { attachId } })
const attachmentsOf = (token: string, tableDic: string, objectId: string) =>
  raw(t.app, token, 'GET', '/api/sys/attachment/queryByObjectIdAndDic', { query: { tableDic, objectId } })

describe('file upload', () => {
  it('judges by content: a PNG named .exe is an image, stored under a random name', async () => {
    const res = await upload(tokens.admin!, 'holiday.exe', PNG)
    expect(res.status).toBe(200)
    const file = res.json<Attachment>().result
    expect(file).toMatchObject({ name: 'holiday.png', mime: 'image/png', size: PNG.length, tableDic: null })

    const stored = (await readdir(t.filesDir, { recursive: true })).map((p) => path.basename(p))
    expect(stored.some((n) => n.includes('holiday'))).toBe(false)

    const back = await download(tokens.admin!, file.id)
    expect(back.status).toBe(200)
    expect(back.headers['content-type']).toBe('image/png')
    expect(back.headers['x-content-type-options']).toBe('nosniff')
    expect(back.headers['content-disposition']).toBe(`attachment; filename="holiday.png"; filename*=UTF-8''holiday.png`)
    expect(Buffer.compare(back.body, PNG)).toBe(0)
  })

  it('refuses a text file named .png and anything of 2 MB or more', async () => {
    const text = await upload(tokens.admin!, 'photo.png', new TextEncoder().encode('<svg onload=alert(1)>'))
    expect(text.status).toBe(400)
    expect(text.json().code).toBe(Errors.UploadFailed.code)

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])
    const tooLarge = await upload(tokens.admin!, 'big.png', big)
    expect(tooLarge.status).toBe(400)
    expect(tooLarge.json().code).toBe(Errors.FileTooLarge.code)
  })

  it('keeps a Chinese file name for the download header only', async () => {
    const res = await upload(tokens.admin!, '../../营业执照.png', PNG)
    const file = res.json<Attachment>().result
    expect(file.name).toBe('营业执照.png')
    const back = await download(tokens.admin!, file.id)
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="____.png"; filename*=UTF-8''${encodeURIComponent('营业执照.png')}`,
    )
  })
})

describe('download rights', () => {
  it('follows the record a file is attached to: its screen and its data scope', async () => {
    const res = await upload(tokens.finance_admin!, 'licence.png', PNG, {
      tableDic: 'md_supplier',
      objectId: supplierId,
    })
    expect(res.status).toBe(200)
    const file = res.json<Attachment>().result
    expect(file).toMatchObject({ tableDic: 'supplier', objectId: supplierId })

    const listed = await attachmentsOf(tokens.finance_admin!, 'supplier', supplierId)
    expect(listed.status).toBe(200)
    expect(listed.json<Attachment[]>().result.map((a) => a.id)).toEqual([file.id])

    // logistics_admin has no supplier screen: neither the list of attachments nor the file
    expect((await attachmentsOf(tokens.logistics_admin!, 'supplier', supplierId)).status).toBe(403)
    const denied = await download(tokens.logistics_admin!, file.id)
    expect(denied.status).toBe(403)
    expect(denied.json().code).toBe(Errors.PermissionDenied.code)
    expect((await download(tokens.admin!, file.id)).status).toBe(200)

    // nor may they attach files to it
    const attach = await upload(tokens.logistics_admin!, 'x.png', PNG, { tableDic: 'supplier', objectId: supplierId })
    expect(attach.status).toBe(403)
  })

  it('hides a file whose record is outside the reader data scope', async () => {
    const created = await client(t.app, tokens.admin!).post<{ id: string }>(`${SCOPED_BASE}/add`, {
      code: 'FILE-SCOPE',
      name: '管理员部门的供应商',
      supplierType: 'raw',
    })
    const recordId = created.body.result.id
    const res = await upload(tokens.admin!, 'scoped.png', PNG, { tableDic: 'scopedSupplier', objectId: recordId })
    expect(res.status).toBe(200)
    const file = res.json<Attachment>().result
    // finance_admin may open suppliers, but only their own department's (admin's row is not)
    expect((await download(tokens.finance_admin!, file.id)).status).toBe(403)
    expect((await attachmentsOf(tokens.finance_admin!, 'scopedSupplier', recordId)).status).toBe(403)
  })

  it('gives an unattached file and an import error workbook to their uploader (and administrators) only', async () => {
    const own = (await upload(tokens.finance_admin!, 'mine.png', PNG)).json<Attachment>().result
    expect((await download(tokens.finance_admin!, own.id)).status).toBe(200)
    expect((await download(tokens.logistics_admin!, own.id)).status).toBe(403)
    expect((await download(tokens.admin!, own.id)).status).toBe(200)

    const started = await startImport(t.app, tokens.finance_admin!, '/api/md/supplier', {
      name: 'bad.xlsx',
      bytes: await workbookOf([
        ['code', 'name', 'supplierType'],
        ['F-1', '名', 'nope'],
      ]),
    })
    const progress = await waitForImport(t.app, tokens.finance_admin!, started.json<{ jobId: string }>().result.jobId)
    expect(progress.errorFileId).toBeTruthy()
    const mine = await download(tokens.finance_admin!, progress.errorFileId!)
    expect(mine.status).toBe(200)
    expect(String(mine.headers['content-disposition'])).toMatch(/filename="supplier_errors_\d{14}\.xlsx"/)
    expect((await download(tokens.logistics_admin!, progress.errorFileId!)).status).toBe(403)
  })

  it('answers 404 for a file that does not exist', async () => {
    const res = await download(tokens.admin!, '00000000-0000-4000-8000-000000000000')
    expect(res.status).toBe(404)
    expect(res.json().code).toBe(Errors.FileNotFound.code)
  })
})

describe('files a killed server was writing', () => {
  it('are settled at the next start: a `.part` with its row becomes the file, one without goes', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'files-recover-'))
    const store = createFileStore(t.database.db, dir)
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    // killed after the row was committed, before the rename: the whole file is still `.part`
    const saved = await store.save({
      buffer: PNG,
      name: 'a.png',
      mime: 'image/png',
      kind: 'upload',
      createBy: admin!.id,
    })
    const file = path.join(dir, saved.storageKey.slice(0, 2), saved.storageKey)
    await rename(file, `${file}.part`)
    const read = async () => Buffer.concat(await (await store.open(saved))!.toArray())
    expect(await read()).toEqual(PNG)
    // killed while writing, before any row: half a file; and a finished file this database does not know
    // (under `zz`, which no random hex key starts with)
    await mkdir(path.join(dir, 'zz'), { recursive: true })
    await writeFile(path.join(dir, 'zz', `zz${'0'.repeat(30)}.part`), PNG.subarray(0, 10))
    await writeFile(path.join(dir, 'zz', `zz${'1'.repeat(30)}`), PNG)

    expect(await recoverFiles(t.database.db, dir)).toEqual({ completed: 1, removed: 1 })
    const left = (await readdir(dir, { recursive: true })).map((p) => path.basename(p)).sort()
    expect(left).toEqual(['zz', `zz${'1'.repeat(30)}`, saved.storageKey.slice(0, 2), saved.storageKey].sort())
    expect(await read()).toEqual(PNG)
    await rm(dir, { recursive: true, force: true })
  })
})
