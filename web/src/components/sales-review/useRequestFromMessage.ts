import { isOpenApproval, type ResourceMeta } from '@app/contracts'
import { App } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { type ResourceRecord, resourceApi } from '../../api/resources.ts'

/** What the user reads when the order has no such request: a list may name its own kind of request. */
export type RequestNotFoundKey = 'salesReview.message.notFound' | 'delivery.modify.notFound'

/**
 * A message about a request (a sub-flow question, a deletion or an adjustment to review, a
 * decision) opens its list with `?busObjNo=<order number>` (SPEC 2): the list then shows that
 * order's request, the newest one still open, else the newest. Each navigation counts, also to the
 * same number again.
 */
export const useRequestFromMessage = (
  resource: ResourceMeta,
  show: (request: ResourceRecord) => void,
  notFoundKey: RequestNotFoundKey = 'salesReview.message.notFound',
) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const location = useLocation()
  const orderNo = new URLSearchParams(location.search).get('busObjNo')?.trim() ?? ''
  const latest = useRef(show)
  useEffect(() => {
    latest.current = show
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (location.key) counts, also to the same number
  useEffect(() => {
    if (!orderNo) return
    let live = true
    void resourceApi(resource)
      .list({ pageNo: 1, pageSize: 50, column: 'createAt', order: 'desc', search: { orderNo } })
      .then((page) => {
        if (!live) return
        const mine = page.records.filter((r) => r.orderNo === orderNo)
        const request = mine.find((r) => isOpenApproval(r.status as string | null)) ?? mine[0]
        if (request) latest.current(request)
        else void message.warning(t(notFoundKey, { orderNo }))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [orderNo, location.key, message, notFoundKey, resource, t])
}
