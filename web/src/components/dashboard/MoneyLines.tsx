import type { Money } from '@app/contracts'
import { Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../i18n/money.ts'

/**
 * Amounts one line per currency (never added), each to the cent in the interface language; no
 * amount at all is one line of 0.00.
 */
export const MoneyLines = ({
  amounts,
  'data-testid': testId,
}: {
  amounts: readonly Money[]
  'data-testid'?: string
}) => {
  const { i18n } = useTranslation()
  const lines = amounts.length === 0 ? [{ currency: null, amount: 0 }] : amounts
  return (
    <Flex vertical data-testid={testId}>
      {lines.map((m) => (
        <span key={m.currency ?? ''} data-testid="money">
          {formatMoney(m.amount, m.currency, i18n.language)}
        </span>
      ))}
    </Flex>
  )
}
