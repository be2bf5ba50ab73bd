import { useQuery } from '@tanstack/react-query'
import { Card, Col, Row, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { permissionQuery } from '../../api/queries.ts'
import { useCodeText } from '../../auth/code-table.ts'
import { useSession } from '../../auth/session.ts'
import { greetingKey } from '../../layout/greeting.ts'
import { menuIcon } from '../../layout/icons.tsx'
import { useDocumentTitle } from '../../layout/useSystemTitle.ts'

/** The landing page: greeting and the user's areas as shortcuts. */
const Analysis = () => {
  const { t } = useTranslation()
  const { userInfo } = useSession()
  const { data } = useQuery(permissionQuery)
  const codeText = useCodeText()
  useDocumentTitle(t('pages.dashboard.title'))
  const areas = (data?.menu ?? []).filter((m) => m.children.length > 0)
  return (
    <div data-testid="dashboard">
      <Typography.Title level={3}>
        {t(`layout.greeting.${greetingKey(new Date().getHours())}`)}, {userInfo?.realname}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('pages.dashboard.intro')} {t('pages.dashboard.today', { date: dayjs().format('YYYY-MM-DD dddd') })}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('pages.dashboard.shortcuts')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {areas.map((area) => (
          <Col key={area.code} xs={24} sm={12} lg={8}>
            <Card
              size="small"
              title={
                <span>
                  {menuIcon(area.icon)} {codeText(area.meta.titleId, area.meta.title)}
                </span>
              }
            >
              {area.children.map((c) => (
                <div key={c.code}>
                  <Link to={c.url}>{codeText(c.meta.titleId, c.meta.title)}</Link>
                </div>
              ))}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  )
}

export default Analysis
