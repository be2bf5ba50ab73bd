import { AuditBusiness, type AuditConfig, Errors, RoleCode } from '@app/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationLogs } from '../../src/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { type Api, decide, putFlowInForce, signIn, step, submit, userIdOf } from './fixtures.ts'

let t: TestApp
let admin: Api

beforeAll(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})
afterAll(async () => t?.close())

const configsOf = async (api: Api, business: string) =>
  (await api.get<AuditConfig[]>('/api/sys/auditConfig/queryConfigList', { business })).body.result

describe('the seeded flows (DESIGN 5)', () => {
  it('put one flow in force for each business; the sales order one has three steps', async () => {
    const all = (await admin.get<AuditConfig[]>('/api/sys/auditConfig/queryAllConfigList')).body.result
    expect(new Set(all.filter((c) => c.status === '1').map((c) => c.business))).toEqual(
      new Set(['product', 'sale_order', 'order_adjust', 'order_delete']),
    )
    const [order] = await configsOf(admin, 'sale_order')
    expect(order?.steps.map((s) => [s.stepNo, s.roleCode, s.orgCode, s.departName])).toEqual([
      [1, RoleCode.RegionPresident, 'A01A02', 'Overseas department'],
      [2, RoleCode.BranchFinance, 'A01A05', 'Overseas finance'],
      [3, RoleCode.GmPresident, 'A01A03', 'General manager office'],
    ])
  })

  it('name roles and departments in the request language', async () => {
    const zh = await signIn(t.app, 'admin', 'zh')
    const [order] = await configsOf(zh, 'sale_order')
    expect(order?.steps[0]).toMatchObject({ departName: '海外部', roleName: '区域总裁' })
  })
})

describe('audit config CRUD', () => {
  it('adds a flow; putting it in force sets the previous one aside', async () => {
    const before = await configsOf(admin, 'order_adjust')
    const added = await putFlowInForce(
      admin,
      AuditBusiness.OrderAdjust,
      [
        step(RoleCode.RegionPresident, 'A01A02', { stepName: 'RP', timeLimitHours: 48 }),
        step(RoleCode.GmPresident, 'A01A03'),
      ],
      { rejectFlow: 'previous', repeatAudit: true, forbidSelfApproval: true, description: 'adjustments' },
    )
    expect(added).toMatchObject({
      business: 'order_adjust',
      status: '1',
      rejectFlow: 'previous',
      repeatAudit: true,
      forbidSelfApproval: true,
      version: 1,
    })
    expect(added.steps[0]).toMatchObject({ stepNo: 1, stepName: 'RP', timeLimitHours: 48, deptType: 'fixed' })
    const after = await configsOf(admin, 'order_adjust')
    expect(after[0]?.id).toBe(added.id)
    expect(after.find((c) => c.id === before[0]?.id)).toMatchObject({ status: '0', version: before[0]!.version + 1 })
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.objectId, added.id), eq(operationLogs.operation, 'sys_audit_config:add')))
    expect(logs).toHaveLength(1)
  })

  it('refuses unknown roles and departments, and a fixed step without a department', async () => {
    const unknown = await admin.post('/api/sys/auditConfig/add', {
      business: 'product',
      name: 'bad',
      steps: [{ roleCode: 'no_such_role', orgCode: 'Z99' }],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({
      code: Errors.ParameterError.code,
      result: { unknownRoles: ['no_such_role'], unknownDepartments: ['Z99'] },
    })
    const noDept = await admin.post('/api/sys/auditConfig/add', {
      business: 'product',
      name: 'bad',
      steps: [{ roleCode: RoleCode.GmPresident, deptType: 'fixed' }],
    })
    expect(noDept.status).toBe(400)
    const noSteps = await admin.post('/api/sys/auditConfig/add', { business: 'product', name: 'bad', steps: [] })
    expect(noSteps.status).toBe(400)
  })

  it('edits with the current version, replacing the steps; a stale version answers 409', async () => {
    const config = await putFlowInForce(admin, AuditBusiness.Product, [step(RoleCode.GmPresident, 'A01A03')])
    const edit = {
      ...config,
      name: 'renamed',
      steps: [step(RoleCode.FinanceDirector, 'A01A05'), step(RoleCode.GmPresident, 'A01A03')],
    }
    const saved = await admin.put<AuditConfig>('/api/sys/auditConfig/edit', edit)
    expect(saved.status).toBe(200)
    expect(saved.body.result).toMatchObject({ name: 'renamed', version: config.version + 1 })
    expect(saved.body.result.steps.map((s) => s.roleCode)).toEqual([RoleCode.FinanceDirector, RoleCode.GmPresident])

    const stale = await admin.put('/api/sys/auditConfig/edit', { ...edit, name: 'lost update' })
    expect(stale.status).toBe(409)
    expect(stale.body.code).toBe(Errors.DataChanged.code)
    const byId = await admin.get<AuditConfig>('/api/sys/auditConfig/queryById', { id: config.id })
    expect(byId.body.result.name).toBe('renamed')
  })

  it('keeps a review under way on the flow it started with when the config changes', async () => {
    const config = await putFlowInForce(admin, AuditBusiness.Product, [
      step(RoleCode.RegionPresident, 'A01A02'),
      step(RoleCode.GmPresident, 'A01A03'),
    ])
    const submitter = { userId: await userIdOf(t.database.db, 'branch_admin'), orgCode: 'A01A02' }
    const review = await submit(t.app, AuditBusiness.Product, submitter)
    await admin.put('/api/sys/auditConfig/edit', { ...config, steps: [step(RoleCode.FinanceDirector, 'A01A05')] })
    const rp = await signIn(t.app, 'region_president')
    expect((await decide(rp, { id: review.reviewId, decision: 'approve' })).body.result).toMatchObject({
      outcome: 'advanced',
      currentStep: 2,
    })
  })

  it('refuses to delete a config that open reviews run on, and deletes it once they are done', async () => {
    const config = await putFlowInForce(admin, AuditBusiness.OrderDelete, [step(RoleCode.GmPresident, 'A01A03')])
    const submitter = { userId: await userIdOf(t.database.db, 'branch_admin'), orgCode: 'A01A02' }
    const review = await submit(t.app, AuditBusiness.OrderDelete, submitter)
    const inUse = await admin.delete('/api/sys/auditConfig/delete', { id: config.id })
    expect(inUse.status).toBe(409)
    expect(inUse.body.code).toBe(Errors.InUseCannotDelete.code)

    const gm = await signIn(t.app, 'gm_president')
    await decide(gm, { id: review.reviewId, decision: 'approve' })
    const deleted = await admin.delete('/api/sys/auditConfig/delete', { id: config.id })
    expect(deleted.status).toBe(200)
    expect((await admin.get('/api/sys/auditConfig/queryById', { id: config.id })).status).toBe(404)
    // the finished review keeps its own copy of the flow
    const progress = await admin.get<{ steps: unknown[] }>('/api/audit/detail/progress', { id: review.reviewId })
    expect(progress.body.result.steps).toHaveLength(1)
  })
})

describe('who may manage flows', () => {
  it('lets only holders of the config buttons change flows; screens that show a flow may read it', async () => {
    const gm = await signIn(t.app, 'gm_president')
    const body = { business: 'product', name: 'x', steps: [step(RoleCode.GmPresident, 'A01A03')] }
    expect((await gm.post('/api/sys/auditConfig/add', body)).status).toBe(403)
    expect((await gm.get('/api/sys/auditConfig/queryAllConfigList')).status).toBe(403)
    expect((await gm.get('/api/sys/auditConfig/queryConfigList', { business: 'product' })).status).toBe(200)
    const branchAdmin = await signIn(t.app, 'branch_admin')
    expect(
      (await branchAdmin.delete('/api/sys/auditConfig/delete', { id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(403)
  })
})
