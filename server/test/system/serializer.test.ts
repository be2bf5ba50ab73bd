import { pageOf, ReviewProgressSchema, SupplierSchema } from '@app/contracts'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { okResponse } from '../../src/platform/envelope.ts'
import { serializerCompiler } from '../../src/platform/serializer.ts'

/** What a route answers through our serializer and through zod's encode, for the same value. */
const both = (schema: z.ZodType, value: unknown) => {
  const route = { schema, method: 'GET', url: '/test', httpStatus: '200' }
  return {
    ours: JSON.parse(serializerCompiler(route)(value)),
    zod: JSON.parse(zodSerializerCompiler(route)(value)),
  }
}

const at = new Date('2026-11-20T08:30:00.123Z')
const supplier = {
  id: '0f0e0d0c-0000-4000-8000-000000000001',
  version: 3,
  code: 'S001',
  name: '健康食品原料公司',
  nameEn: null,
  supplierType: 'raw',
  countryId: null,
  contactPerson: '王强',
  phone: null,
  email: '',
  address: null,
  taxNumber: '91310000',
  bankName: null,
  bankAccount: null,
  remark: null,
  status: '1',
  createAt: at,
  createBy: 'admin',
  updateAt: null,
  updateBy: null,
  sysOrgCode: 'A01',
}

describe('the answer serializer', () => {
  it('writes a list page as zod would: dates as ISO text, nulls kept, unknown keys dropped', () => {
    const schema = okResponse(pageOf(SupplierSchema))[200]
    const page = {
      success: true,
      code: 200,
      message: 'success',
      timestamp: 1,
      result: {
        records: [{ ...supplier, delFlag: false, passwordHash: 'x' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      },
    }
    const { ours, zod } = both(schema, page)
    expect(ours).toEqual(zod)
    expect(ours.result.records[0]).not.toHaveProperty('passwordHash')
    expect(ours.result.records[0].createAt).toBe('2026-11-20T08:30:00.123Z')
  })

  it('writes only the fields a list asked for, filling in no defaults', () => {
    const schema = okResponse(pageOf(SupplierSchema.partial()))[200]
    const page = {
      success: true,
      code: 200,
      message: 'ok',
      timestamp: 1,
      result: { records: [{ id: 'a', code: 'S1' }], total: 1, size: 10, current: 1, pages: 1 },
    }
    const { ours, zod } = both(schema, page)
    expect(ours).toEqual(zod)
    expect(Object.keys(ours.result.records[0]).sort()).toEqual(['code', 'id'])
  })

  it('leaves a choice between schemas to zod', () => {
    const schema = z.object({ result: z.union([z.object({ n: z.coerce.number() }), z.string()]) })
    const { ours, zod } = both(schema, { result: { n: '12.5', extra: 1 } })
    expect(ours).toEqual(zod)
    expect(ours).toEqual({ result: { n: 12.5 } })
  })

  it("writes a review's progress itself: a step's isAudit, a choice of constants, is no choice between schemas", () => {
    const schema = okResponse(ReviewProgressSchema.nullable())[200]
    const route = { schema, method: 'GET', url: '/test', httpStatus: '200' }
    const step = (stepNo: number, isAudit: 0 | 1, decision: 'approve' | null) => ({
      stepNo,
      stepName: null,
      deptCode: 'A01',
      departName: '总部',
      roleCode: 'finance',
      roleName: '财务',
      timeLimitHours: null,
      allowAdjust: false,
      isAudit,
      decision,
      userId: decision ? 'u1' : null,
      realname: decision ? '李四' : null,
      decidedAt: decision ? '2026-11-20T08:30:00.123Z' : null,
      note: null,
    })
    const answer = {
      success: true,
      code: 200,
      message: 'ok',
      timestamp: 1,
      result: {
        id: 'r1',
        business: 'order',
        objectId: 'o1',
        objectNo: 'SO-1',
        status: '1',
        round: 1,
        currentStep: 2,
        steps: [step(1, 1, 'approve'), step(2, 0, null)],
        history: [],
        version: 2,
      },
    }
    // fast-json-stringify's code is a function of the schema, zod's encode a closure calling safeEncode
    expect(serializerCompiler(route).toString()).not.toContain('safeEncode')
    const { ours, zod } = both(schema, answer)
    expect(ours).toEqual(zod)
    expect(ours.result.steps.map((s: { isAudit: number }) => s.isAudit)).toEqual([1, 0])
    expect(both(schema, { ...answer, result: null }).ours.result).toBeNull()
  })
})
