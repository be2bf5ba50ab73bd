import type { ButtonDef } from './types.ts'

/** Shared button names, one code-table entry each (1016xx). */
export const Btn = {
  add: { code: 'add', textId: 101601, zh: '新增', en: 'Add' },
  edit: { code: 'edit', textId: 101602, zh: '编辑', en: 'Edit' },
  delete: { code: 'delete', textId: 101603, zh: '删除', en: 'Delete' },
  batchDelete: { code: 'batchDelete', textId: 101604, zh: '批量删除', en: 'Batch delete' },
  export: { code: 'export', textId: 101605, zh: '导出', en: 'Export' },
  import: { code: 'import', textId: 101606, zh: '导入', en: 'Import' },
  view: { code: 'view', textId: 101607, zh: '查看', en: 'View' },
  audit: { code: 'audit', textId: 101608, zh: '审核', en: 'Review' },
  status: { code: 'status', textId: 101609, zh: '启用/停用', en: 'Enable/disable' },
  resetPassword: { code: 'resetPassword', textId: 101610, zh: '重置密码', en: 'Reset password' },
  permission: { code: 'permission', textId: 101611, zh: '授权', en: 'Permissions' },
  publish: { code: 'publish', textId: 101612, zh: '发布', en: 'Publish' },
  withdraw: { code: 'withdraw', textId: 101613, zh: '撤回', en: 'Withdraw' },
  reply: { code: 'reply', textId: 101614, zh: '回复', en: 'Reply' },
  price: { code: 'price', textId: 101615, zh: '价格', en: 'Prices' },
  stockIn: { code: 'stockIn', textId: 101616, zh: '入库', en: 'Stock in' },
  stockOut: { code: 'stockOut', textId: 101617, zh: '出库', en: 'Stock out' },
  compare: { code: 'compare', textId: 101618, zh: '对比', en: 'Compare' },
  history: { code: 'history', textId: 101619, zh: '修改记录', en: 'Modify history' },
  applyModify: { code: 'applyModify', textId: 101620, zh: '申请调整', en: 'Apply for adjustment' },
  sync: { code: 'sync', textId: 101621, zh: '同步', en: 'Sync' },
  deliver: { code: 'deliver', textId: 101622, zh: '发货', en: 'Deliver' },
  batchApprove: { code: 'batchApprove', textId: 101623, zh: '批量审核', en: 'Batch approve' },
  save: { code: 'save', textId: 101624, zh: '保存', en: 'Save' },
  uploadStock: { code: 'uploadStock', textId: 101625, zh: '上传库存', en: 'Upload stock' },
  applyDelete: { code: 'applyDelete', textId: 101626, zh: '申请删除', en: 'Request deletion' },
  subApply: { code: 'subApply', textId: 101627, zh: '子流程申请', en: 'Ask another role' },
  retry: { code: 'retry', textId: 101628, zh: '重新发送', en: 'Send again' },
} as const satisfies Record<string, ButtonDef>

/** The buttons every list screen over one table offers (SPEC 2 list screens). */
export const CRUD_BUTTONS: readonly ButtonDef[] = [
  Btn.add,
  Btn.edit,
  Btn.delete,
  Btn.batchDelete,
  Btn.export,
  Btn.import,
  Btn.history,
]
