import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { HOME_PATH } from '../../config/constants.ts'
import { useDocumentTitle } from '../../layout/useSystemTitle.ts'

/** The 403, 404 and 500 exception pages of SPEC 2. */
const TEXT = { 403: 'forbidden', 404: 'notFound', 500: 'serverError' } as const

export const Exception = ({ status }: { status: 403 | 404 | 500 }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useDocumentTitle(String(status))
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`pages.exception.${TEXT[status]}`)}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('common.actions.backHome')}
        </Button>
      }
    />
  )
}
