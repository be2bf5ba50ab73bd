/**
 * Sales reviews (issue 15): sub-flow requests, order deletion review and the review flows in force
 * (`salesReview.*`). Field labels of the two lists are in fields.ts.
 */
export default {
  subApply: {
    reply: '答复',
    replyTitle: '答复子流程申请：{{no}}',
    decision: '答复结果',
    approve: '同意',
    reject: '不同意',
    note: '答复意见',
    notePlaceholder: '请填写答复意见',
    noteRequired: '请填写答复意见',
    replied: '已答复',
    notPending: '该申请已答复，不能再次答复',
    asked: '询问对象',
    anyDept: '不限部门',
    step: '第 {{no}} 步',
    noReply: '尚未答复',
  },
  orderDelete: {
    audit: '审核',
    progress: '审核进度',
    notPending: '该删除申请已审核完毕',
    noReview: '该申请尚无审核记录',
  },
  order: {
    view: '查看订单',
  },
  message: {
    notFound: '未找到订单 {{orderNo}} 的申请',
  },
  flows: {
    intro: '销售订单、订单调整、订单删除当前生效的审核流程，以及每一步的审核人。',
    none: '未配置生效的审核流程',
    step: '步骤',
    dept: '审核部门',
    role: '审核角色',
    timeLimit: '审核时限',
    allowAdjust: '可调整订单',
    adjustYes: '可减少数量 / 删除行',
    adjustNo: '否',
    reviewers: '审核人',
    noReviewers: '暂无符合条件的审核人',
    submitterDept: '提交人所在部门',
  },
}
