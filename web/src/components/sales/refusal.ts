import { Errors, errorText } from '@app/contracts'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
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
