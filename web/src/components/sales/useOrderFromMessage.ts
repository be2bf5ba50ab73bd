import { AuditBusiness, type Page, type ReviewItem, saleOrderResource } from '@app/contracts'
import { App } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { http } from '../../api/http.ts'
import { type ResourceRecord, toListQuery } from '../../api/resources.ts'
import { useButtonPermissions } from '../../auth/permissions.tsx'
import type { OrderRef } from './useOrderActions.tsx'

/**
 * The order a number names: from the order list (the caller's data scope), else, for a caller who
 * has the review centre's list (`withReviews`), from their reviews (a reviewer may read an order
 * beyond their scope by id). Null when neither has it.
 */
export const findOrderByNo = async (orderNo: string, withReviews: boolean): Promise<OrderRef | null> => {
  const query = toListQuery({ pageNo: 1, pageSize: 10, search: { orderNo } })
  const page = await http
    .get<{ records: ResourceRecord[] }>(`${saleOrderResource.base}/list`, query as never, { silent: true })
    .catch(() => null)
  const listed = page?.records.find((r) => r.orderNo === orderNo)
  if (listed) return { id: listed.id, orderNo }
  for (const tab of withReviews ? (['todo', 'done'] as const) : []) {
    const reviews = await http
      .get<Page<ReviewItem>>(
        '/audit/detail/list',
        { tab, business: AuditBusiness.SaleOrder, objectNo: orderNo, pageNo: 1, pageSize: 10 },
        { silent: true },
      )
      .catch(() => null)
    const review = reviews?.records.find((r) => r.objectNo === orderNo)
    if (review) return { id: review.objectId, orderNo }
  }
  return null
}

/**
 * A message about an order opens the order list with `?busObjNo=<order number>` (SPEC 2): the
 * list then shows that order's detail. Each navigation counts, also to the same number again.
 */
export const useOrderFromMessage = (show: (order: OrderRef) => void) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const location = useLocation()
  // read when a message is opened (a change of permissions is not a new message)
  const { can } = useButtonPermissions()
  const reviews = useRef(can)
  reviews.current = can
  const orderNo = new URLSearchParams(location.search).get('busObjNo')?.trim() ?? ''
  const latest = useRef(show)
  useEffect(() => {
    latest.current = show
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (location.key) counts, also to the same number
  useEffect(() => {
    if (!orderNo) return
    let live = true
    void findOrderByNo(orderNo, reviews.current('audit_detail:view')).then((order) => {
      if (!live) return
      if (order) latest.current(order)
      else void message.warning(t('sales.message.notFound', { orderNo }))
    })
    return () => {
      live = false
    }
  }, [orderNo, location.key, message, t])
}
