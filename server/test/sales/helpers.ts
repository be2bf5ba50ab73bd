import type { SaleOrderDetail, SellableProduct } from '@app/contracts'
import { eq } from 'drizzle-orm'
import { branches } from '../../src/db/schema/index.ts'
import type { TestApp } from '../helpers/app.ts'
import { type Api, as, createProductTestApp } from '../product/helpers.ts'

export { type Api, as }

export const branchId = async (t: TestApp, code: string) => {
  const [row] = await t.database.db.select({ id: branches.id }).from(branches).where(eq(branches.code, code))
  if (!row) throw new Error(`no branch ${code}`)
  return row.id
}

/** A day `days` from today, as the form sends it. */
export const dayFrom = (days: number) => {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** Products the branch may order, through the API the order modal uses. */
export const sellable = async (api: Api, branch: string, pageSize = 10) => {
  const res = await api.get<{ records: SellableProduct[]; total: number }>('/api/sale/order/sellableProducts', {
    branchId: branch,
    pageSize,
  })
  if (res.status !== 200) throw new Error(`sellable: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.result.records
}

export const orderForm = (
  branch: string,
  products: readonly SellableProduct[],
  quantities: readonly number[] = [10, 20, 30],
) => ({
  branchId: branch,
  companyCode: '002',
  expectedDeliveryDate: dayFrom(30),
  transportMode: 'sea',
  certificateRequired: true,
  certificateTypes: ['coa'],
  remark: 'test order',
  lines: products.map((p, i) => ({ productId: p.productId, unitId: p.units[0]!.id, quantity: quantities[i] ?? 5 })),
})

export const addOrder = async (api: Api, form: unknown) => {
  const res = await api.post<{ id: string; orderNo: string }>('/api/sale/order/add', form)
  if (res.status !== 200) throw new Error(`add: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.result
}

export const detail = async (api: Api, id: string) => {
  const res = await api.get<SaleOrderDetail>('/api/sale/order/queryById', { id })
  if (res.status !== 200) throw new Error(`detail: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.result
}

export const audit = (api: Api, id: string, decision: 'approve' | 'reject', note = 'ok') =>
  api.post('/api/sale/order/audit', { id, decision, note })

/** An order's form again, from its detail (an edit sends the whole order). */
export const editForm = (o: SaleOrderDetail) => ({
  id: o.id,
  version: o.version,
  branchId: o.branchId,
  companyCode: o.companyCode,
  orderDate: o.orderDate,
  expectedDeliveryDate: o.expectedDeliveryDate,
  transportMode: o.transportMode,
  containerSize: o.containerSize,
  certificateRequired: o.certificateRequired === '1',
  certificateTypes: o.certificateTypes,
  remark: o.remark,
  attachmentIds: o.attachments.map((a) => a.id),
  lines: o.lines.map((l) => ({ productId: l.productId, unitId: l.unitId, quantity: l.quantity })),
})

/**
 * A test app with the demo data, its Moscow branch administrator signed in, and three products
 * Moscow may order: what the order tests start from.
 */
export const orderingInMoscow = async () => {
  const t = await createProductTestApp()
  const branchAdmin = await as(t, 'branch_admin')
  const moscow = await branchId(t, 'RU-MOW')
  const products = (await sellable(branchAdmin, moscow)).slice(0, 3)
  return { t, branchAdmin, moscow, products }
}
