import type { AuditBusiness } from '@app/contracts'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDict } from '../list/useDict.ts'

/** The review screens' filter by business: every business when cleared, named for screen readers. */
export const BusinessFilter = ({
  value,
  onChange,
}: {
  value: AuditBusiness | undefined
  onChange: (business: AuditBusiness | undefined) => void
}) => {
  const { t } = useTranslation()
  const businesses = useDict('audit_business')
  return (
    <Select
      allowClear
      placeholder={t('approval.config.allBusinesses')}
      aria-label={t('approval.config.business')}
      options={businesses}
      value={value}
      onChange={(v) => onChange(v as AuditBusiness | undefined)}
      style={{ minWidth: 200 }}
    />
  )
}
