/** Where each dashboard tile leads: the list it summarises, filtered through the list's URL search. */
export const ORDER_LIST = '/sale/orderList'
export const DELIVERY_LIST = '/sale/deliveryList'
export const STOCK_LIST = '/pro/stockList'
export const PRODUCT_LIST = '/product/list'
export const BRANCH_LIST = '/md/branchList'
export const TODO_LIST = '/audit/detailList'

export const listUrl = (path: string, search: Record<string, string | readonly string[]>) => {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(search)) params.set(k, typeof v === 'string' ? v : v.join(','))
  return `${path}?${params}`
}
