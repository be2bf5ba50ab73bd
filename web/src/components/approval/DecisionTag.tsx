import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

/** Approved (green) or rejected (red). */
export const DecisionTag = ({ decision }: { decision: 'approve' | 'reject' | null }) => {
  const { t } = useTranslation()
  if (!decision) return null
  return decision === 'approve' ? (
    <Tag color="green">{t('approval.review.approved')}</Tag>
  ) : (
    <Tag color="red">{t('approval.review.rejected')}</Tag>
  )
}
