import { type Dict, type DictItem, Errors, type Product, type ProductUnit } from '@app/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../helpers/app.ts'
import { listOf } from '../helpers/resources.ts'
import { type Api, as, createProductTestApp, idOf, newProduct, resultOf } from './helpers.ts'

/**
 * Units, dosage forms and label types are open dictionaries: a value an administrator adds is one
 * products take, as the product form offers it. The closed dictionaries (statuses, types the code
 * acts on) take no value at run time.
 */
let t: TestApp
let admin: Api
let capsules: string
beforeAll(async () => {
  t = await createProductTestApp()
  admin = await as(t, 'admin')
  capsules = await idOf(t, 'category', 'C03')
})
afterAll(async () => t?.close())

const dictId = async (dictCode: string) =>
  (await listOf<Dict>(admin, '/api/sys/dict', { search: { dictCode } })).body.result.records[0]!.id
const addValue = (dict: number, value: string, labelZh: string, labelEn: string) =>
  admin.post<DictItem>('/api/sys/dictItem/add', { dictId: dict, value, labelZh, labelEn })
const unitsOf = async (productId: string) =>
  resultOf(await admin.get<ProductUnit[]>('/api/pro/productUnit/getProductUnitListByProductId', { productId }))

describe('values added to a dictionary at run time', () => {
  let product: Product

  it('a closed dictionary takes none: its values are what the code acts on', async () => {
    for (const dictCode of ['transport_mode', 'unit_use']) {
      const res = await addValue(await dictId(dictCode), 'air_express', '航空快件', 'Air express')
      expect(res.status, dictCode).toBe(409)
      expect(res.body.code, dictCode).toBe(Errors.DictClosed.code)
    }
  })

  it('a unit and a dosage form added are taken by a new product, on it and on its units', async () => {
    const units = await dictId('product_unit')
    // longer than the built-in values: records hold it whole
    expect((await addValue(units, 'glass_jar_500ml_large', '大玻璃罐', 'Large glass jar')).status).toBe(200)
    expect((await addValue(await dictId('dosage_form'), 'gummy', '软糖', 'Gummy')).status).toBe(200)
    const res = await admin.post<Product>('/api/pro/product/add', {
      ...newProduct(capsules, { code: 'DICT-001', unit: 'glass_jar_500ml_large', dosageForm: 'gummy' }),
      units: [
        { useCase: 'sale', unit: 'glass_jar_500ml_large', conversionRate: 1 },
        { useCase: 'purchase', unit: 'carton', conversionRate: 24 },
      ],
    })
    product = resultOf(res)
    expect(product).toMatchObject({ unit: 'glass_jar_500ml_large', dosageForm: 'gummy' })
    expect((await unitsOf(product.id)).map((u) => [u.useCase, u.unit]).sort()).toEqual([
      ['purchase', 'carton'],
      ['sale', 'glass_jar_500ml_large'],
    ])
  })

  it('a value not in its dictionary is refused on the field that holds it', async () => {
    const onProduct = await admin.post(
      '/api/pro/product/add',
      newProduct(capsules, { code: 'DICT-002', unit: 'hogshead' }),
    )
    expect(onProduct.status).toBe(400)
    expect(onProduct.body).toMatchObject({ code: Errors.DictValueUnknown.code, result: { field: 'unit' } })
    const onLine = await admin.post('/api/pro/product/add', {
      ...newProduct(capsules, { code: 'DICT-002' }),
      units: [
        { useCase: 'sale', unit: 'bottle', conversionRate: 1 },
        { useCase: 'purchase', unit: 'hogshead', conversionRate: 12 },
      ],
    })
    expect(onLine.body).toMatchObject({ code: Errors.DictValueUnknown.code, result: { field: 'units.1.unit' } })
    // a value of another dictionary is not one of this
    const otherDict = await admin.post(
      '/api/pro/product/add',
      newProduct(capsules, { code: 'DICT-002', unit: 'gummy' }),
    )
    expect(otherDict.body).toMatchObject({ code: Errors.DictValueUnknown.code, result: { field: 'unit' } })
  })

  it('a disabled value is refused to a new product and stays on the product that has it', async () => {
    const [jar] = (
      await listOf<DictItem>(admin, '/api/sys/dictItem', {
        search: { dictId: await dictId('product_unit'), value: 'glass_jar_500ml_large' },
      })
    ).body.result.records
    expect((await admin.post('/api/sys/dictItem/batchStatus', { ids: String(jar!.id), status: '2' })).status).toBe(200)

    const fresh = await admin.post('/api/pro/product/add', {
      ...newProduct(capsules, { code: 'DICT-003', unit: 'bottle' }),
      units: [{ useCase: 'sale', unit: 'glass_jar_500ml_large', conversionRate: 6 }],
    })
    expect(fresh.body).toMatchObject({ code: Errors.DictValueUnknown.code, result: { field: 'units.0.unit' } })

    const current = resultOf(await admin.get<Product>('/api/pro/product/queryById', { id: product.id }))
    const edited = await admin.put<Product>('/api/pro/product/edit', {
      ...newProduct(capsules, { code: 'DICT-001', unit: 'glass_jar_500ml_large', dosageForm: 'gummy' }),
      id: product.id,
      version: current.version,
      remark: 'relabelled on the shelf',
      units: [
        { useCase: 'sale', unit: 'glass_jar_500ml_large', conversionRate: 1 },
        { useCase: 'purchase', unit: 'carton', conversionRate: 24 },
      ],
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
  })
})
