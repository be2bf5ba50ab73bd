import { defineResource, SupplierInputSchema, SupplierSchema, supplierResource } from '@app/contracts'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roles, suppliers, users } from '../../src/db/schema/index.ts'
import { createTestApp, signedIn, type TestApp } from '../helpers/app.ts'
import { listOf, withResources } from '../helpers/resources.ts'

/** The supplier table served again as a scoped resource: the data permission applies to it. */
const scopedMeta = defineResource({ ...supplierResource, name: 'scopedSupplier', base: '/test/scopedSupplier' })

let t: TestApp
beforeAll(async () => {
  t = await createTestApp(
    {},
    withResources({
      meta: scopedMeta,
      table: suppliers,
      record: SupplierSchema,
      input: SupplierInputSchema,
      scope: { org: suppliers.orgCode, owner: suppliers.createBy },
    }),
  )
  const db = t.database.db
  const [financeAdmin] = await db.select().from(users).where(eq(users.username, 'finance_admin'))
  // S001-S005 belong to domestic finance (A01A07), created by finance_admin; S006-S010 to a
  // sub-department of it; S011-S020 to overseas finance (A01A05)
  await db
    .update(suppliers)
    .set({ orgCode: 'A01A07', createBy: financeAdmin!.id })
    .where(inArray(suppliers.code, ['S001', 'S002', 'S003', 'S004', 'S005']))
  await db
    .update(suppliers)
    .set({ orgCode: 'A01A07A01' })
    .where(inArray(suppliers.code, ['S006', 'S007', 'S008', 'S009', 'S010']))
  await db
    .update(suppliers)
    .set({ orgCode: 'A01A05' })
    .where(
      inArray(
        suppliers.code,
        Array.from({ length: 10 }, (_, i) => `S0${11 + i}`),
      ),
    )
})
afterAll(async () => t?.close())

const setScope = (dataScope: 'all' | 'department' | 'personal') =>
  t.database.db.update(roles).set({ dataScope }).where(eq(roles.roleCode, 'finance_admin'))

const codesFor = async (api: Awaited<ReturnType<typeof signedIn>>, opts: Parameters<typeof listOf>[2] = {}) => {
  const res = await listOf<{ code: string }>(api, '/api/test/scopedSupplier', opts)
  return { codes: res.body.result.records.map((r) => r.code).sort(), total: res.body.result.total }
}

describe('data permission on a scoped resource', () => {
  it('all: every row', async () => {
    await setScope('all')
    const api = await signedIn(t.app, 'finance_admin')
    expect((await codesFor(api)).total).toBe(20)
  })

  it('department: the current department and its sub-departments, in the count too', async () => {
    await setScope('department')
    const api = await signedIn(t.app, 'finance_admin')
    const { codes, total } = await codesFor(api)
    expect(total).toBe(10)
    expect(codes).toEqual(['S001', 'S002', 'S003', 'S004', 'S005', 'S006', 'S007', 'S008', 'S009', 'S010'])
  })

  it('personal: only the rows the user created', async () => {
    await setScope('personal')
    const api = await signedIn(t.app, 'finance_admin')
    expect((await codesFor(api)).codes).toEqual(['S001', 'S002', 'S003', 'S004', 'S005'])
  })

  it('cannot be widened by an or-group of super-query conditions', async () => {
    await setScope('department')
    const api = await signedIn(t.app, 'finance_admin')
    const widened = await codesFor(api, {
      superQuery: [
        { field: 'code', rule: 'eq', val: 'S015' },
        { field: 'code', rule: 'eq', val: 'S001' },
        { field: 'name', rule: 'not_empty' },
      ],
      matchType: 'or',
    })
    expect(widened.total).toBe(10)
    expect(widened.codes).not.toContain('S015')
  })

  it('hides rows outside the scope from reads and writes by id', async () => {
    await setScope('department')
    const api = await signedIn(t.app, 'finance_admin')
    const [outside] = await t.database.db.select().from(suppliers).where(eq(suppliers.code, 'S015'))
    expect((await api.get('/api/test/scopedSupplier/queryById', { id: outside!.id })).status).toBe(404)
    expect(
      (await api.put('/api/test/scopedSupplier/edit', { id: outside!.id, version: outside!.version, name: 'x' }))
        .status,
    ).toBe(404)
    expect((await api.delete('/api/test/scopedSupplier/delete', { id: outside!.id })).status).toBe(404)
    expect((await api.post('/api/test/scopedSupplier/batchStatus', { ids: outside!.id, status: '2' })).status).toBe(404)
    const [unchanged] = await t.database.db.select().from(suppliers).where(eq(suppliers.code, 'S015'))
    expect(unchanged).toMatchObject({ name: outside!.name, status: outside!.status })
  })

  it('stamps a new row with its creator and the creator’s department', async () => {
    await setScope('personal')
    const api = await signedIn(t.app, 'finance_admin')
    const added = await api.post<{ id: string }>('/api/test/scopedSupplier/add', {
      code: 'S950',
      name: '新供应商',
      supplierType: 'raw',
    })
    expect(added.status).toBe(200)
    const [row] = await t.database.db.select().from(suppliers).where(eq(suppliers.code, 'S950'))
    expect(row?.orgCode).toBe('A01A07')
    expect((await codesFor(api)).codes).toContain('S950')
    const other = await signedIn(t.app, 'admin')
    expect((await codesFor(other)).codes).toContain('S950')
  })
})
