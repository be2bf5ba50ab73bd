import { Btn } from './buttons.ts'
import { type MenuDef, ROUTE_VIEW } from './types.ts'

export const auditMenu: MenuDef = {
  code: 'audit',
  textId: 100140,
  zh: '审核中心',
  en: 'Review centre',
  url: '/audit',
  component: ROUTE_VIEW,
  icon: 'AuditOutlined',
  children: [
    {
      code: 'audit_detail',
      textId: 100141,
      zh: '待我审核',
      en: 'My reviews',
      url: '/audit/detailList',
      component: 'audit/AuditDetailList',
      buttons: [Btn.audit, Btn.batchApprove, Btn.view],
    },
    {
      code: 'audit_modify_history',
      textId: 100142,
      zh: '修改记录',
      en: 'Modify history',
      url: '/audit/modifyHistoryList',
      component: 'audit/ModifyHistoryList',
      buttons: [Btn.view, Btn.compare, Btn.export],
    },
  ],
}
