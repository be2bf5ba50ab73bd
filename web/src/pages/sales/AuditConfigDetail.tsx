import { AuditBusiness, localName, type SaleFlow } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import {
  Card,
  Descriptions,
  Empty,
  Flex,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import { useTranslation } from 'react-i18next'
import { salesReviewApi, salesReviewKeys } from '../../api/sales-review.ts'
import { useDictText } from '../../components/list/useDict.ts'

type Step = SaleFlow['steps'][number]

/** The sales businesses, in the order an order meets them. */
const BUSINESSES: readonly string[] = [AuditBusiness.SaleOrder, AuditBusiness.OrderAdjust, AuditBusiness.OrderDelete]

const FlowCard = ({ flow }: { flow: SaleFlow }) => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  const yesNo = (v: boolean) => (v ? t('approval.config.yes') : t('approval.config.no'))
  const columns: TableColumnsType<Step> = [
    {
      title: t('salesReview.flows.step'),
      key: 'step',
      width: 180,
      render: (_, s) => (
        <Flex vertical>
          <span>{t('approval.config.stepNo', { no: s.stepNo })}</span>
          {s.stepName && <Typography.Text type="secondary">{localName(s, i18n.language, 'stepName')}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('salesReview.flows.dept'),
      key: 'dept',
      width: 200,
      render: (_, s) => s.departName ?? t('salesReview.flows.submitterDept'),
    },
    { title: t('salesReview.flows.role'), key: 'role', width: 180, render: (_, s) => s.roleName ?? s.roleCode },
    {
      title: t('salesReview.flows.timeLimit'),
      dataIndex: 'timeLimitHours',
      width: 130,
      render: (v: number | null) => (v ? t('approval.config.hours', { count: v }) : t('approval.config.unlimited')),
    },
    {
      title: t('salesReview.flows.allowAdjust'),
      dataIndex: 'allowAdjust',
      width: 190,
      render: (v: boolean) =>
        v ? <Tag color="orange">{t('salesReview.flows.adjustYes')}</Tag> : t('salesReview.flows.adjustNo'),
    },
    {
      title: t('salesReview.flows.reviewers'),
      dataIndex: 'reviewers',
      render: (reviewers: Step['reviewers']) =>
        reviewers.length === 0 ? (
          <Typography.Text type="warning">{t('salesReview.flows.noReviewers')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {reviewers.map((r) => (
              <Tooltip key={r.userId} title={r.username}>
                <Tag>{r.realname}</Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
  ]
  return (
    <Card
      size="small"
      title={
        <Space>
          <span>{dictText('audit_business', flow.business)}</span>
          <Typography.Text type="secondary">{localName(flow, i18n.language)}</Typography.Text>
        </Space>
      }
      data-testid={`sale-flow-${flow.business}`}
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'rejectFlow',
              label: t('approval.config.rejectFlow'),
              children: dictText('audit_reject_flow', flow.rejectFlow),
            },
            { key: 'repeat', label: t('approval.config.repeatAudit'), children: yesNo(flow.repeatAudit) },
            {
              key: 'self',
              label: t('approval.config.forbidSelfApproval'),
              children: yesNo(flow.forbidSelfApproval),
            },
            ...(flow.description
              ? [{ key: 'description', label: t('approval.config.description'), children: flow.description, span: 3 }]
              : []),
          ]}
        />
        <Table<Step>
          rowKey="id"
          size="small"
          tableLayout="fixed"
          columns={columns}
          dataSource={flow.steps}
          pagination={false}
        />
      </Flex>
    </Card>
  )
}

/**
 * Review flow details (/sale/auditConfigDetail, issue 15): read-only, the flows in force for sales
 * orders, order adjustments and order deletions, each step with its department, role, time limit,
 * whether its reviewer may adjust the order, and the people who review it now.
 */
export const AuditConfigDetail = () => {
  const { t } = useTranslation()
  const dictText = useDictText()
  const { data, isLoading } = useQuery({ queryKey: salesReviewKeys.flows, queryFn: salesReviewApi.flows })
  const flows = data ?? []
  const businesses = [...BUSINESSES, ...flows.map((f) => f.business).filter((b) => !BUSINESSES.includes(b))]
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={16} data-testid="sale-audit-config-detail">
        <Typography.Text type="secondary">{t('salesReview.flows.intro')}</Typography.Text>
        {!isLoading &&
          businesses.map((business) => {
            const flow = flows.find((f) => f.business === business)
            return flow ? (
              <FlowCard key={business} flow={flow} />
            ) : (
              <Card key={business} size="small" title={dictText('audit_business', business)}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('salesReview.flows.none')} />
              </Card>
            )
          })}
      </Flex>
    </Spin>
  )
}
export default AuditConfigDetail
