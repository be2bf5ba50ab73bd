import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  defineResource,
  type Envelope,
  type ImportProgress,
  SupplierInputSchema,
  SupplierSchema,
  supplierResource,
} from '@app/contracts'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { suppliers } from '../../src/db/schema/index.ts'
import { createTestApp, login, type TestApp } from '../helpers/app.ts'
import { withResources } from '../helpers/resources.ts'

/**
 * Suppliers declared once more with a data scope (creator's department / creator), under a test
 * base url: the master data itself is not scoped, and the mechanism must prove it applies the
 * scope to exports like to lists.
 */
export const SCOPED_BASE = '/api/test/scopedSupplier'
const scopedSuppliers = withResources({
  meta: defineResource({ ...supplierResource, name: 'scopedSupplier', base: '/test/scopedSupplier' }),
  table: suppliers,
  record: SupplierSchema,
  input: SupplierInputSchema,
  pinyin: true,
  scope: { org: suppliers.orgCode, owner: suppliers.createBy },
})

/** The app with its own FILES_DIR and the scoped supplier resource. */
export type { TestApp }

export const createListTestApp = async (): Promise<TestApp & { filesDir: string }> => {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'files-test-'))
  const t = await createTestApp({ FILES_DIR: filesDir }, scopedSuppliers)
  return { ...t, filesDir }
}

export type Raw = { status: number; headers: Record<string, unknown>; body: Buffer; json: <T>() => Envelope<T> }

/** A request whose answer may be a file: the bytes, and the envelope when it is JSON. */
export const raw = async (
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: {
    query?: Record<string, string>
    body?: unknown
    headers?: Record<string, string>
    lang?: 'zh' | 'en'
  } = {},
): Promise<Raw> => {
  const res = await app.inject({
    method,
    url,
    query: options.query,
    payload: options.body as never,
    headers: { 'x-access-token': token, ...(options.lang ? { langcode: options.lang } : {}), ...options.headers },
  })
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.rawPayload,
    json: <T>() => JSON.parse(res.payload) as Envelope<T>,
  }
}

/** A multipart body as a browser would send it. */
export const multipart = async (
  file: { name: string; bytes: Uint8Array; type?: string } | null,
  fields: Record<string, string> = {},
) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name)
  const res = new Response(form)
  return {
    body: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  }
}

/** The first sheet of a workbook as rows of plain values (row 1 is the header). */
export const readSheet = async (bytes: Buffer): Promise<unknown[][]> => {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(bytes as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1))
  })
  return rows
}

/** An xlsx workbook with one sheet of these rows. */
export const workbookOf = async (rows: unknown[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Sheet1')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Uploads a workbook to a resource's importExcel and answers the job id (or the refusal). */
export const startImport = async (
  app: FastifyInstance,
  token: string,
  base: string,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, string> = {},
  lang?: 'zh' | 'en',
) => {
  const form = await multipart({ ...file, type: XLSX }, fields)
  return raw(app, token, 'POST', `${base}/importExcel`, { body: form.body, headers: form.headers, lang })
}

/** Polls the job until it is no longer running. */
export const waitForImport = async (app: FastifyInstance, token: string, jobId: string): Promise<ImportProgress> => {
  for (let i = 0; i < 600; i++) {
    const res = await raw(app, token, 'GET', '/api/sys/import/progress', { query: { jobId } })
    expect(res.status).toBe(200)
    const progress = res.json<ImportProgress>().result
    if (progress.status !== 'running') return progress
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`import ${jobId} did not finish`)
}

export const tokensFor = async (app: FastifyInstance, ...users: string[]) =>
  Object.fromEntries(await Promise.all(users.map(async (u) => [u, await login(app, u)] as const)))
