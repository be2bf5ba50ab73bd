/** An operation the log records that is no screen's button, named through the code table. */
export type OperationDef = { textId: number; zh: string; en: string }

/**
 * The operation log's entries besides `<menu>:<button>` keys: signing in and the like, a message
 * deleted, an import, and a review's steps (`approval:<what>`), which the log shows by these names.
 */
export const OWN_OPERATIONS: Readonly<Record<string, OperationDef>> = {
  login: { textId: 102900, zh: '登录', en: 'Sign in' },
  logout: { textId: 102901, zh: '退出登录', en: 'Sign out' },
  register: { textId: 102902, zh: '注册账号', en: 'Register' },
  editPassword: { textId: 102903, zh: '修改密码', en: 'Change password' },
  selectDepart: { textId: 102904, zh: '切换部门', en: 'Switch department' },
  saveFieldLabel: { textId: 102905, zh: '修改字段名称', en: 'Change field label' },
  resetFieldLabel: { textId: 102906, zh: '恢复字段默认名称', en: 'Reset field label' },
  deleteMessage: { textId: 102907, zh: '删除消息', en: 'Delete a message' },
  deleteAllMessages: { textId: 102908, zh: '清空消息', en: 'Delete all messages' },
  import: { textId: 102909, zh: '导入', en: 'Import' },
  'approval:start': { textId: 102910, zh: '提交审核', en: 'Submit for review' },
  'approval:approve': { textId: 102911, zh: '审核通过', en: 'Approve' },
  'approval:reject': { textId: 102912, zh: '审核驳回', en: 'Reject' },
  'approval:renewDeadline': { textId: 102913, zh: '重新计算审核时限', en: 'Restart the review time limit' },
}

/**
 * What the operation log names as an entry's object besides a screen (a table or approval business
 * that has a menu of its own is named by that menu): a message, which no menu lists.
 */
export const OWN_OBJECTS: Readonly<Record<string, OperationDef>> = {
  sys_message: { textId: 102920, zh: '我的消息', en: 'My messages' },
}
