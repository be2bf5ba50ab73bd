import { type DictDef, item } from './types.ts'

/** Order status codes fixed by SPEC 4 / DESIGN 6. */
export const OrderStatus = {
  PendingReview: 100801,
  UnderReview: 100802,
  PendingDelivery: 100803,
  Rejected: 100804,
  PartlyDelivered: 100805,
  FullyDelivered: 100806,
  DeliveryComplete: 100807,
} as const
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus]

export const ApprovalStatus = { Pending: '0', UnderReview: '1', Approved: '2', Rejected: '3' } as const
export type ApprovalStatus = (typeof ApprovalStatus)[keyof typeof ApprovalStatus]

/** An adjustment request's kinds of change to a line (SPEC 5). */
export const ModifyType = { Append: 'append', Add: 'add', Reduce: 'reduce' } as const
export type ModifyType = (typeof ModifyType)[keyof typeof ModifyType]

/** Where an order stands with the ERP (issue 17 sends; until then orders wait, 'not configured'). */
export const ErpSyncStatus = { NotSynced: '0', Syncing: '1', Synced: '2', Failed: '3', NotConfigured: '4' } as const
export type ErpSyncStatus = (typeof ErpSyncStatus)[keyof typeof ErpSyncStatus]

export const salesDicts: readonly DictDef[] = [
  {
    code: 'order_status',
    textId: 102201,
    zh: '订单状态',
    en: 'Order status',
    items: [
      item(String(OrderStatus.PendingReview), OrderStatus.PendingReview, '待审核', 'Pending review'),
      item(String(OrderStatus.UnderReview), OrderStatus.UnderReview, '审核中', 'Under review'),
      item(String(OrderStatus.PendingDelivery), OrderStatus.PendingDelivery, '待发货', 'Pending delivery'),
      item(String(OrderStatus.Rejected), OrderStatus.Rejected, '已驳回', 'Rejected'),
      item(String(OrderStatus.PartlyDelivered), OrderStatus.PartlyDelivered, '部分发货', 'Partly delivered'),
      item(String(OrderStatus.FullyDelivered), OrderStatus.FullyDelivered, '全部发货', 'Fully delivered'),
      item(String(OrderStatus.DeliveryComplete), OrderStatus.DeliveryComplete, '发货完成', 'Delivery complete'),
    ],
  },
  {
    code: 'approval_status',
    textId: 102202,
    zh: '审批状态',
    en: 'Approval status',
    items: [
      item(ApprovalStatus.Pending, 101301, '待审核', 'Pending'),
      item(ApprovalStatus.UnderReview, 101302, '审核中', 'Under review'),
      item(ApprovalStatus.Approved, 101303, '已通过', 'Approved'),
      item(ApprovalStatus.Rejected, 101304, '已驳回', 'Rejected'),
    ],
  },
  {
    code: 'transport_mode',
    textId: 102203,
    zh: '运输方式',
    en: 'Transport mode',
    items: [
      item('air', 100601, '空运', 'Air'),
      item('sea', 100602, '海运', 'Sea'),
      item('rail', 100603, '铁路', 'Rail'),
      item('other', 100604, '其他', 'Other'),
    ],
  },
  {
    code: 'container_size',
    textId: 102204,
    zh: '柜型',
    en: 'Container size',
    items: [
      item('20ft', 100701, '20尺柜', '20ft'),
      item('40ft', 100702, '40尺标准柜', '40ft standard'),
      item('40hq', 100703, '40尺高柜', '40ft high cube'),
      item('bulk', 100704, '散货', 'Bulk'),
    ],
  },
  {
    code: 'certificate_type',
    textId: 102205,
    zh: '证书类型',
    en: 'Certificate type',
    items: [
      item('health', 100901, '卫生证书/分析证书', 'Health certificate / analysis'),
      item('coa', 100902, 'COA', 'COA'),
      item('origin', 100903, '原产地证', 'Certificate of origin'),
      item('other', 100904, '其他', 'Other'),
    ],
  },
  {
    code: 'erp_account_set',
    textId: 102206,
    zh: 'ERP账套',
    en: 'ERP account set',
    items: [
      item('001', 101101, '001 集团总公司', '001 Group headquarters'),
      item('002', 101102, '002 海外贸易公司', '002 Overseas trading company'),
      item('003', 101103, '003 国内销售公司', '003 Domestic sales company'),
    ],
  },
  {
    code: 'erp_sync_status',
    textId: 102207,
    zh: 'ERP同步状态',
    en: 'ERP sync status',
    items: [
      item(ErpSyncStatus.NotSynced, 101401, '未同步', 'Not synced'),
      item(ErpSyncStatus.Syncing, 101402, '同步中', 'Syncing'),
      item(ErpSyncStatus.Synced, 101403, '已同步', 'Synced'),
      item(ErpSyncStatus.Failed, 101404, '同步失败', 'Sync failed'),
      item(ErpSyncStatus.NotConfigured, 101405, '未配置ERP', 'ERP not configured'),
    ],
  },
]
