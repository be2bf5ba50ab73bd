import { AuditBusiness, RejectFlow, ReviewDecision, StepDeptType } from '../approval.ts'
import { type DictDef, item } from './types.ts'

/** Dictionaries of the approval engine; code-table ids 102380-102399 (the
 * master-data dictionaries hold the start of the 1023xx range). */
export const approvalDicts: readonly DictDef[] = [
  {
    code: 'audit_business',
    textId: 102380,
    zh: '审核业务',
    en: 'Review business',
    items: [
      item(AuditBusiness.Product, 102384, '产品审核', 'Product review'),
      item(AuditBusiness.SaleOrder, 102385, '销售订单审核', 'Sales order review'),
      item(AuditBusiness.OrderAdjust, 102386, '订单调整审核', 'Order adjustment review'),
      item(AuditBusiness.OrderDelete, 102387, '订单删除审核', 'Order deletion review'),
    ],
  },
  {
    code: 'audit_reject_flow',
    textId: 102381,
    zh: '驳回流程',
    en: 'Rejection flow',
    items: [
      item(RejectFlow.ToSubmitter, 102388, '退回提交人', 'Back to the submitter'),
      item(RejectFlow.ToPrevious, 102389, '退回上一步', 'Back to the previous step'),
    ],
  },
  {
    code: 'audit_step_dept_type',
    textId: 102382,
    zh: '审核部门类型',
    en: 'Reviewing department',
    items: [
      item(StepDeptType.Fixed, 102390, '指定部门', 'A fixed department'),
      item(StepDeptType.Submitter, 102391, '提交人所在部门', "The submitter's department"),
    ],
  },
  {
    code: 'audit_decision',
    textId: 102383,
    zh: '审核结果',
    en: 'Review decision',
    items: [
      item(ReviewDecision.Approve, 102392, '通过', 'Approved'),
      item(ReviewDecision.Reject, 102393, '驳回', 'Rejected'),
    ],
  },
]
