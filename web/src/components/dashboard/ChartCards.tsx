import type { Dashboard } from '@app/contracts'
import { Card, Col } from 'antd'
import { useTranslation } from 'react-i18next'
import { BranchChart, MonthChart, StatusChart } from './DashboardCharts.tsx'
import { listUrl, ORDER_LIST } from './links.ts'

/** The dashboard's charts (recharts, loaded with this module only): by month, by status, by branch. */
const ChartCards = ({ data: d }: { data: Dashboard }) => {
  const { t } = useTranslation()
  return (
    <>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('pages.dashboard.byMonth')} data-testid="dashboard-by-month">
          <MonthChart data={d.byMonth} hrefOf={(m) => listUrl(ORDER_LIST, { orderDate: [m.from, m.to] })} />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('pages.dashboard.byStatus')} data-testid="dashboard-by-status">
          <StatusChart data={d.byStatus} hrefOf={(s) => listUrl(ORDER_LIST, { status: [String(s)] })} />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('pages.dashboard.byBranch')} data-testid="dashboard-by-branch">
          <BranchChart data={d.byBranch} hrefOf={(id) => listUrl(ORDER_LIST, { branchId: id })} />
        </Card>
      </Col>
    </>
  )
}

export default ChartCards
