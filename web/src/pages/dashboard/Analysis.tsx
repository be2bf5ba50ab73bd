import { localName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Col, List, Row, Skeleton, Table, Typography } from 'antd'
import dayjs from 'dayjs'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { dashboardQuery } from '../../api/dashboard.ts'
import { permissionQuery } from '../../api/queries.ts'
import { useCodeText } from '../../auth/code-table.ts'
import { useSession } from '../../auth/session.ts'
import { FigureTiles } from '../../components/dashboard/FigureTiles.tsx'
import { BRANCH_LIST, listUrl, PRODUCT_LIST } from '../../components/dashboard/links.ts'
import { MoneyLines } from '../../components/dashboard/MoneyLines.tsx'
import { useDictText } from '../../components/list/useDict.ts'
import { formatThousands } from '../../config/constants.ts'
import { formatAmounts } from '../../i18n/money.ts'
import { greetingKey } from '../../layout/greeting.ts'
import { menuIcon } from '../../layout/icons.tsx'
import { retryImport } from '../../layout/retry-import.ts'
import { useDocumentTitle } from '../../layout/useSystemTitle.ts'

// the chart library loads after the page is up, in a chunk of its own
const ChartCards = lazy(retryImport(() => import('../../components/dashboard/ChartCards.tsx')))

/**
 * The landing page (issue 17): greeting, the day's figures in the user's data scope (one call,
 * GET /dashboard/analysis), charts and the user's areas as shortcuts. Every tile, bar and slice
 * opens the list it summarises, filtered through that list's URL search.
 */
const Analysis = () => {
  const { t, i18n } = useTranslation()
  const { userInfo } = useSession()
  const { data: permissions } = useQuery(permissionQuery)
  const figures = useQuery(dashboardQuery)
  const codeText = useCodeText()
  const dictText = useDictText()
  const navigate = useNavigate()
  useDocumentTitle(t('pages.dashboard.title'))
  const areas = (permissions?.menu ?? []).filter((m) => m.children.length > 0)
  const d = figures.data
  return (
    <div data-testid="dashboard">
      <Typography.Title level={3}>
        {t(`layout.greeting.${greetingKey(new Date().getHours())}`)}, {userInfo?.realname}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('pages.dashboard.intro')} {t('pages.dashboard.today', { date: dayjs().format('YYYY-MM-DD dddd') })}
      </Typography.Paragraph>

      {figures.isError && <Alert type="error" showIcon message={t('pages.dashboard.failed')} />}
      {!d && !figures.isError && <Skeleton active />}
      {d && (
        <div data-testid="dashboard-figures" style={{ marginBottom: 24 }}>
          <FigureTiles data={d} open={navigate} />
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Suspense
              fallback={
                <Col xs={24}>
                  <Skeleton active />
                </Col>
              }
            >
              <ChartCards data={d} />
            </Suspense>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('pages.dashboard.byRegion')} data-testid="dashboard-by-region">
                <List
                  size="small"
                  dataSource={d.byRegion}
                  renderItem={(r) => (
                    <List.Item extra={`${formatThousands(r.count)} · ${formatAmounts(r.amounts, i18n.language)}`}>
                      {r.region ? (
                        <Link to={listUrl(BRANCH_LIST, { region: r.region })}>{dictText('region', r.region)}</Link>
                      ) : (
                        t('pages.dashboard.noRegion')
                      )}
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24}>
              <Card size="small" title={t('pages.dashboard.topProducts')} data-testid="dashboard-top-products">
                <Table
                  size="small"
                  rowKey="productId"
                  pagination={false}
                  dataSource={d.topProducts}
                  onRow={() => ({ 'data-testid': 'dashboard-top-product' }) as never}
                  columns={[
                    { title: '#', width: 48, render: (_, _p, i) => i + 1 },
                    {
                      title: t('pages.dashboard.product'),
                      ellipsis: true,
                      render: (_, p) => (
                        <Link to={listUrl(PRODUCT_LIST, { code: p.code })}>
                          {p.code} {localName(p, i18n.language)}
                        </Link>
                      ),
                    },
                    {
                      title: t('pages.dashboard.quantity'),
                      width: 140,
                      align: 'right',
                      render: (_, p) => formatThousands(p.quantity),
                    },
                    {
                      title: t('pages.dashboard.amount'),
                      width: 180,
                      align: 'right',
                      // one line per currency: amounts in different currencies are never added
                      render: (_, p) => <MoneyLines amounts={p.amounts} data-testid="dashboard-product-amounts" />,
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </div>
      )}

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
