import { applyModifyResource } from '@app/contracts'
import { App } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { type ResourceRecord, resourceApi } from '../../api/resources.ts'
import { isOpenRequest } from './ModifyTags.tsx'

/**
 * A message about an adjustment (a request to review, a decision) opens the adjustment list with
 * `?busObjNo=<order number>` (SPEC 2): the list then shows that order's newest request still
 * under review, else its newest. Each navigation counts, also to the same number again.
 */
export const useAdjustmentFromMessage = (show: (request: ResourceRecord) => void) => {
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
    void resourceApi(applyModifyResource)
      .list({ pageNo: 1, pageSize: 50, column: 'createAt', order: 'desc', search: { orderNo } })
      .then((page) => {
        if (!live) return
        const mine = page.records.filter((r) => r.orderNo === orderNo)
        const request = mine.find((r) => isOpenRequest(r.status)) ?? mine[0]
        if (request) latest.current(request)
        else void message.warning(t('delivery.modify.notFound', { orderNo }))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [orderNo, location.key, message, t])
}
