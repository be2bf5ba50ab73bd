/** Notifications by mail and group chat (issue 38): the robot and sending screens, the user's choices. */
export default {
  robotHint:
    '每个部门可配置一个群机器人（企业微信、钉钉或飞书）。该部门及其下级部门（没有自己的机器人时）的订单待审核、审核结果与 ERP 同步失败会推送到群里。钉钉和飞书请填写机器人的加签密钥；密钥保存后不再显示，编辑时留空则保持不变。',
  outboxHint:
    '系统发出的邮件与群消息。发送失败会按间隔自动重试，多次仍失败则标记为“发送失败”并显示原因；修正配置后可选中记录重新发送。',
  retry: '重新发送',
  retried: '已重新排队 {{count}} 条',
  roleDefaults: {
    title: '邮件默认设置（按角色）',
    role: '角色',
    saved: '已保存该角色的默认设置',
  },
  prefs: {
    menu: '通知设置',
    title: '通知设置',
    intro: '站内消息始终保留。选择哪些事件同时发送邮件给您：',
    noMail: '系统尚未配置邮件服务器，暂不会发送邮件。',
    mail: '邮件',
    lang: '邮件的语言',
    saved: '通知设置已保存',
    events: {
      reviewNeeded: '有单据等待我审核',
      approved: '我提交的单据审核通过',
      rejected: '我提交的单据被驳回',
      business: '业务通知（发货、子流程申请、审核人调整等）',
      erpFailed: 'ERP 同步失败（物流）',
    },
  },
}

export const notifyFields = {
  notifyRobot: {
    orgCode: '部门',
    provider: '类型',
    webhookUrl: 'Webhook 地址',
    secret: '加签密钥',
    lang: '消息语言',
    status: '状态',
    description: '说明',
  },
  notifyOutbox: {
    topic: '渠道',
    status: '状态',
    recipient: '接收方',
    subject: '主题',
    event: '事件',
    attempts: '尝试次数',
    lastError: '失败原因',
    nextAttemptAt: '下次尝试',
    sentAt: '发送时间',
  },
}

export const notifyResources = { notifyRobot: '群机器人', notifyOutbox: '通知发送记录' }
