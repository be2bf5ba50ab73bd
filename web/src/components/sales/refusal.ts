import { Errors, errorText, type OrderAction } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { salesApi, salesKeys } from '../../api/sales.ts'
import { currentLang } from '../../i18n/index.ts'

/**
 * The words for an order action the order model refused (its SPEC 8 code, as the server's
 * abilities answer names it and a write would be refused with), naming the order.
 */
export const useRefusalText = () => {
  const { t } = useTranslation()
  return useCallback(
    (orderNo: string, code: number | null | undefined) =>
      t('sales.refused', {
        orderNo,
        reason: errorText(code ?? Errors.OperationFailed.code, currentLang()) ?? '',
      }),
    [t],
  )
}

/** Why a disabled action is disabled, for its tooltip (nothing when it is not refused). */
export const refusalReason = (code: number | null | undefined) =>
  code == null ? undefined : errorText(code, currentLang())

/**
 * Asks the server, before a dialog opens, whether the caller may do `action` with the order now
 * (the order model's answer on the order as it stands); a refusal is shown, naming the order and
 * the reason. Answers whether to go on.
 */
export const useMayDo = () => {
  const client = useQueryClient()
  const { message } = App.useApp()
  const refusalText = useRefusalText()
  return useCallback(
    async (order: { id: string; orderNo: string }, action: OrderAction) => {
      const can = await client
        .fetchQuery({
          queryKey: salesKeys.abilities(order.id),
          queryFn: () => salesApi.abilities(order.id),
          staleTime: 0,
        })
        .catch((e: unknown) => {
          void message.error(failureText(e))
          return null
        })
      if (!can) return false
      if (!can[action]) void message.warning(refusalText(order.orderNo, can.refusals[action]))
      return can[action]
    },
    [client, message, refusalText],
  )
}
