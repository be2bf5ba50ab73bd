import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../layout/useSystemTitle.ts'

/** SPEC 2 /test/home. */
const TestHome = () => {
  const { t } = useTranslation()
  useDocumentTitle(t('pages.test.title'))
  return (
    <Typography>
      <Typography.Title level={3}>{t('pages.test.title')}</Typography.Title>
      <Typography.Paragraph>{t('pages.test.body')}</Typography.Paragraph>
    </Typography>
  )
}

export default TestHome
