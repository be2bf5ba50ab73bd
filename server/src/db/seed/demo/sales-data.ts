/**
 * The demo sales orders (issue 15): how many of each kind, how old, for which branches, and the
 * words people wrote on them. `sales.ts` turns this plan into rows.
 */

/** Where an order's story ends (its order status follows, see `STATUS_OF` in sales.ts). */
export type OrderKind =
  | 'new' // 100801, nobody has decided yet
  | 'resubmitted' // 100801, rejected in round 1, edited and waiting again (round 2)
  | 'atStep2' // 100802, the region president approved; branch finance's turn
  | 'atStep3' // 100802, two steps approved; the general-office president's turn
  | 'approved' // 100803
  | 'rejected' // 100804
  | 'partly' // 100805
  | 'fully' // 100806
  | 'complete' // 100807

/**
 * About 200 orders: how many of each kind and how many days before today they were placed
 * (`skew` > 1 crowds them towards the recent end). Delivered kinds are about 15%.
 */
export const PLAN: readonly { kind: OrderKind; count: number; days: readonly [number, number]; skew?: number }[] = [
  { kind: 'new', count: 28, days: [0, 20], skew: 1.5 },
  { kind: 'resubmitted', count: 6, days: [20, 60] },
  { kind: 'atStep2', count: 18, days: [1, 30] },
  { kind: 'atStep3', count: 16, days: [2, 40] },
  { kind: 'approved', count: 78, days: [5, 350], skew: 1.4 },
  { kind: 'rejected', count: 24, days: [3, 360] },
  { kind: 'partly', count: 12, days: [45, 200] },
  { kind: 'fully', count: 9, days: [90, 300] },
  { kind: 'complete', count: 9, days: [150, 360] },
]

/**
 * The branches orders are placed for, with their share. The branch administrator places the
 * orders of the branches they manage; the administrator those of the others. BR-SAO is left
 * without orders and without reported stock (the order rules' 'upload branch stock' case), and
 * MM-RGN too (its country is disabled).
 */
export const ORDER_BRANCHES: readonly { code: string; by: 'branch_admin' | 'admin'; weight: number }[] = [
  { code: 'RU-MOW', by: 'branch_admin', weight: 34 },
  { code: 'KZ-ALA', by: 'branch_admin', weight: 26 },
  { code: 'CN-HB', by: 'admin', weight: 7 },
  { code: 'CN-HD', by: 'admin', weight: 7 },
  { code: 'PE-LIM', by: 'admin', weight: 5 },
  { code: 'NG-LOS', by: 'admin', weight: 5 },
  { code: 'TH-BKK', by: 'admin', weight: 6 },
  { code: 'ID-JKT', by: 'admin', weight: 5 },
  { code: 'US-LAX', by: 'admin', weight: 5 },
]

/** How many lines an order has, by weight (one line to six). */
export const LINE_COUNTS: readonly number[] = [15, 25, 25, 15, 12, 8]

export const TRANSPORT_BY_REGION: Record<string, readonly string[]> = {
  eurasia: ['rail', 'rail', 'sea', 'air'],
  asia: ['sea', 'sea', 'air', 'other'],
  south_america: ['sea', 'sea', 'air'],
  africa: ['sea', 'sea', 'air'],
  north_america: ['sea', 'air'],
}

export const APPROVE_NOTES: readonly string[] = [
  '同意',
  '同意，请按期发货',
  '价格已核对，同意 (prices checked)',
  '数量合理，同意',
  '符合本季度销售计划，同意',
  'OK',
]

export const REJECT_REASONS: readonly string[] = [
  '价格与本月价格表不一致，请核对后重新提交 (prices differ from this month’s price list)',
  '交货期过短，物流无法安排，请调整预计交货日期 (delivery date too soon for logistics)',
  '该分公司本季度预算已用完 (the branch’s budget for this quarter is used up)',
  '产品数量超出分公司库存周转需求，请减少数量 (quantities exceed the branch’s needs)',
  '缺少客户合同附件 (customer contract missing)',
  '证书类型与目标市场要求不符 (certificate types do not match the market)',
]

export const REMARKS: readonly string[] = [
  '客户要求分批发货',
  '请与上月订单合并装柜',
  '外箱需贴俄文标签',
  '节前备货',
  'Promotion stock for the new store',
  '请提供原产地证正本',
]

/** What an order edited after its rejection says (round 2 of its review). */
export const RESUBMIT_REMARK = '已按审核意见调整交货日期 (delivery date adjusted as the reviewer asked)'

/** Sub-flow requests: a reviewer holding the order's current step asks another role. */
export const SUB_FLOWS = {
  /** Branch finance, at step 2 of an order under review, asks the logistics chief; not answered yet. */
  pending: {
    roleCode: 'logistics_chief',
    deptCode: 'A01A01',
    content: '请确认能否在预计交货日期前铁路发运 (can this ship by rail before the delivery date?)',
  },
  /** The general-office president, at step 3, asked the finance director, who agreed. */
  agreed: {
    roleCode: 'finance_director',
    deptCode: 'A01A05',
    content: '请核对该分公司的信用额度 (please check the branch’s credit limit)',
    reply: '信用额度充足，同意 (the credit limit is sufficient)',
  },
  /** Branch finance asked the logistics chief on an order approved since; the answer was no. */
  disagreed: {
    roleCode: 'logistics_chief',
    deptCode: 'A01A01',
    content: '本月能否安排40尺柜？(can we have a 40ft container this month?)',
    reply: '本月40尺柜已满，建议下月发运 (40ft containers are full this month; ship next month)',
  },
} as const

/** The order centre asks to delete an approved order (order_delete flow, waiting for step 1). */
export const DELETE_REASON = '客户取消订单，货物尚未发出 (the customer cancelled; nothing has shipped)'

/** A small deterministic random source (mulberry32), so every fresh database gets the same orders. */
export const randomSource = (seed: number) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(items: readonly T[], weights: readonly number[]): T => {
      const total = weights.reduce((s, w) => s + w, 0)
      let r = next() * total
      for (const [i, w] of weights.entries()) {
        r -= w
        if (r < 0) return items[i]!
      }
      return items[items.length - 1]!
    },
    /** `n` distinct items, in a random order. */
    sample: <T>(items: readonly T[], n: number): T[] => {
      const pool = [...items]
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[pool[i], pool[j]] = [pool[j]!, pool[i]!]
      }
      return pool.slice(0, n)
    },
  }
}

export type Random = ReturnType<typeof randomSource>
