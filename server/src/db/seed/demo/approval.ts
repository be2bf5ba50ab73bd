import { AuditBusiness, RejectFlow, RoleCode, StepDeptType } from '@app/contracts'
import type { DbOrTx } from '../../client.ts'
import { auditConfigSteps, auditConfigs } from '../../schema/index.ts'

type Step = { stepName: string; stepNameEn: string; orgCode: string; roleCode: string; allowAdjust?: boolean }

/**
 * The review flows of DESIGN 5 over the demo organisation (departments and roles of
 * organisation.ts). No time limits: demo reviews must not expire while someone tries the product.
 */
const FLOWS: readonly {
  business: string
  name: string
  nameEn: string
  rejectFlow: string
  repeatAudit: boolean
  forbidSelfApproval: boolean
  steps: readonly Step[]
}[] = [
  {
    business: AuditBusiness.Product,
    name: '产品审核流程',
    nameEn: 'Product review flow',
    rejectFlow: RejectFlow.ToSubmitter,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      {
        stepName: '财务总监审核',
        stepNameEn: 'Finance director review',
        orgCode: 'A01A05',
        roleCode: RoleCode.FinanceDirector,
      },
      {
        stepName: '总办总裁审核',
        stepNameEn: 'General-office president review',
        orgCode: 'A01A03',
        roleCode: RoleCode.GmPresident,
      },
    ],
  },
  {
    business: AuditBusiness.SaleOrder,
    name: '销售订单审核流程',
    nameEn: 'Sales order review flow',
    rejectFlow: RejectFlow.ToSubmitter,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      {
        stepName: '区域总裁审核',
        stepNameEn: 'Regional president review',
        orgCode: 'A01A02',
        roleCode: RoleCode.RegionPresident,
      },
      // branch finance may lower quantities or remove lines while reviewing (SPEC 6)
      {
        stepName: '分公司财务审核',
        stepNameEn: 'Branch finance review',
        orgCode: 'A01A05',
        roleCode: RoleCode.BranchFinance,
        allowAdjust: true,
      },
      {
        stepName: '总办总裁审核',
        stepNameEn: 'General-office president review',
        orgCode: 'A01A03',
        roleCode: RoleCode.GmPresident,
      },
    ],
  },
  {
    business: AuditBusiness.OrderAdjust,
    name: '订单调整审核流程',
    nameEn: 'Order adjustment review flow',
    rejectFlow: RejectFlow.ToPrevious,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      {
        stepName: '区域总裁审核',
        stepNameEn: 'Regional president review',
        orgCode: 'A01A02',
        roleCode: RoleCode.RegionPresident,
      },
      {
        stepName: '财务总监审核',
        stepNameEn: 'Finance director review',
        orgCode: 'A01A05',
        roleCode: RoleCode.FinanceDirector,
      },
    ],
  },
  {
    business: AuditBusiness.OrderDelete,
    name: '订单删除审核流程',
    nameEn: 'Order deletion review flow',
    rejectFlow: RejectFlow.ToSubmitter,
    repeatAudit: false,
    forbidSelfApproval: true,
    steps: [
      {
        stepName: '区域总裁审核',
        stepNameEn: 'Regional president review',
        orgCode: 'A01A02',
        roleCode: RoleCode.RegionPresident,
      },
      {
        stepName: '总办总裁审核',
        stepNameEn: 'General-office president review',
        orgCode: 'A01A03',
        roleCode: RoleCode.GmPresident,
      },
    ],
  },
]

/** One flow in force per business. */
export const seedApproval = async (db: DbOrTx) => {
  for (const flow of FLOWS) {
    const { steps, ...config } = flow
    const [row] = await db.insert(auditConfigs).values(config).returning({ id: auditConfigs.id })
    if (!row) throw new Error(`audit config ${flow.business} not written`)
    await db
      .insert(auditConfigSteps)
      .values(steps.map((s, i) => ({ ...s, configId: row.id, stepNo: i + 1, deptType: StepDeptType.Fixed })))
  }
}
