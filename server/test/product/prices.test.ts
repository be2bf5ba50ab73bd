import { Errors, type Page, type Price, type PriceChange } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.ts'
import { type Api, as, createProductTestApp, idOf, resultOf } from './helpers.ts'

let t: TestApp
let financeAdmin: Api
let productId: string
beforeAll(async () => {
  t = await createProductTestApp()
  financeAdmin = await as(t, 'finance_admin')
  productId = await idOf(t, 'product', 'CP-002')
})
afterAll(async () => t?.close())

const pricesOf = async (api: Api) =>
  resultOf(await api.get<Price[]>('/api/pro/product/queryProductPrice', { productId }))

describe('the four prices of a product', () => {
  it('answers the seeded purchase, retail, sale and internal prices with currency and validity', async () => {
    const prices = await pricesOf(financeAdmin)
    expect(prices.map((p) => p.priceType)).toEqual(['purchase', 'retail', 'sale', 'internal'])
    expect(prices[0]).toMatchObject({ price: 45, currency: 'CNY', validFrom: '2026-01-01', validTo: null })
    expect(prices[2]).toMatchObject({ currency: 'USD', validTo: '2026-12-31' })
  })

  it('changes some prices, leaves the others, and keeps who changed what when', async () => {
    const saved = await financeAdmin.post<Price[]>('/api/pro/product/addOrEditProductPrice', {
      productId,
      prices: [
        { priceType: 'purchase', price: 47.5, currency: 'CNY', validFrom: '2026-07-01' },
        { priceType: 'retail', price: 118, currency: 'CNY', validFrom: '2026-01-01' },
        // unchanged: no new version, no history entry
        { priceType: 'internal', price: 48.6, currency: 'CNY', validFrom: '2026-01-01' },
      ],
    })
    expect(saved.status).toBe(200)
    const byType = new Map(saved.body.result.map((p) => [p.priceType, p]))
    expect(byType.get('purchase')).toMatchObject({ price: 47.5, validFrom: '2026-07-01', version: 2 })
    expect(byType.get('internal')?.version).toBe(1)

    const history = resultOf(
      await financeAdmin.get<PriceChange[]>('/api/pro/product/queryProductPriceHistory', { productId }),
    )
    expect(history.map((h) => h.priceType).sort()).toEqual(['purchase', 'retail'])
    const purchase = history.find((h) => h.priceType === 'purchase')!
    expect(purchase).toMatchObject({
      username: 'finance_admin',
      before: { price: 45, validFrom: '2026-01-01' },
      after: { price: 47.5, validFrom: '2026-07-01' },
    })
  })

  it('refuses a validity that ends before it starts, two prices of one type, and a bad currency', async () => {
    const post = (prices: unknown[]) =>
      financeAdmin.post('/api/pro/product/addOrEditProductPrice', { productId, prices })
    const ended = await post([
      { priceType: 'sale', price: 9, currency: 'USD', validFrom: '2026-05-01', validTo: '2026-04-01' },
    ])
    expect(ended.status).toBe(400)
    expect(ended.body.result).toEqual([
      expect.objectContaining({ path: 'prices.0.validTo', message: 'Valid to must not be before valid from' }),
    ])
    expect(
      (
        await post([
          { priceType: 'sale', price: 9, currency: 'USD', validFrom: '2026-05-01' },
          { priceType: 'sale', price: 8, currency: 'USD', validFrom: '2026-05-01' },
        ])
      ).status,
    ).toBe(400)
    expect((await post([{ priceType: 'sale', price: 9, currency: 'usd', validFrom: '2026-05-01' }])).status).toBe(400)
  })

  it('is also the price list screen: list, edit with the version, modify history', async () => {
    const page = resultOf(
      await financeAdmin.get<Page<Price>>('/api/pro/price/list', {
        search: JSON.stringify({ productId, priceType: 'sale' }),
      }),
    )
    expect(page.total).toBe(1)
    const sale = page.records[0]!
    const edited = await financeAdmin.put<Price>('/api/pro/price/edit', {
      id: sale.id,
      version: sale.version,
      price: 12.5,
    })
    expect(edited.body.result).toMatchObject({ price: 12.5, version: sale.version + 1 })
    const moved = await financeAdmin.put('/api/pro/price/edit', {
      id: sale.id,
      version: sale.version + 1,
      priceType: 'retail',
    })
    expect(moved.status).toBe(400)
    // an end before the start it keeps, said on the field
    const ended = await financeAdmin.put('/api/pro/price/edit', {
      id: sale.id,
      version: sale.version + 1,
      validTo: '2000-01-01',
    })
    expect(ended.status).toBe(400)
    expect(ended.body.result).toEqual([
      expect.objectContaining({ path: 'validTo', message: 'Valid to must not be before valid from' }),
    ])
    const history = resultOf(await financeAdmin.get<unknown[]>('/api/pro/price/modifyHistory', { id: sale.id }))
    expect(history).toHaveLength(1)
    // prices are set per product, never added or deleted on the price screen
    expect((await financeAdmin.post('/api/pro/price/add', {})).status).toBe(404)
  })

  it('is closed to roles without the price right', async () => {
    const branchAdmin = await as(t, 'branch_admin')
    const res = await branchAdmin.post('/api/pro/product/addOrEditProductPrice', {
      productId,
      prices: [{ priceType: 'sale', price: 1, currency: 'USD', validFrom: '2026-01-01' }],
    })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe(Errors.PermissionDenied.code)
  })
})
