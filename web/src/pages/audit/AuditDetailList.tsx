import type { BatchApproveResult, ReviewItem } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Flex, Input, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys, type ReviewListParams, type ReviewTab } from '../../api/approval.ts'
import { rowsLoading, SCREEN_ROWS } from '../../api/queries.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { AuditModal, type AuditTarget } from '../../components/approval/AuditModal.tsx'
import { BatchApproveModal } from '../../components/approval/BatchApproveModal.tsx'
import { BusinessFilter } from '../../components/approval/BusinessFilter.tsx'
import { DecisionTag } from '../../components/approval/DecisionTag.tsx'
import { ReviewProgressModal } from '../../components/approval/ReviewProgress.tsx'
import { useDictText } from '../../components/list/useDict.ts'
import { PAGE_SIZE, PAGINATION } from '../../config/constants.ts'

const MENU = 'audit_detail'
const when = (d: string | null) => (d ? dayjs(d).format('YYYY-MM-DD HH:mm') : '')

/**
 * The audit detail list (/audit/detailList, issue 5): the reviews waiting for me across businesses
 * (products, sales orders, adjustments, deletions) with approve / reject, bulk approve and the
 * progress of each; the second tab lists what I decided.
 */
export const AuditDetailList = () => {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const dictText = useDictText()
  const [params, setParams] = useState<ReviewListParams>({ tab: 'todo', pageNo: 1, pageSize: PAGE_SIZE })
  const [selected, setSelected] = useState<string[]>([])
  const [auditing, setAuditing] = useState<{ target: AuditTarget; decision: 'approve' | 'reject' } | null>(null)
  const [progressOf, setProgressOf] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const reviewsKey = approvalKeys.reviews(params)
  const reviews = useQuery({
    queryKey: reviewsKey,
    queryFn: () => approvalApi.reviews(params),
    ...SCREEN_ROWS,
  })
  const { data } = reviews
  const rows = data?.records ?? []
  const todo = params.tab === 'todo'

  const openAudit = (r: ReviewItem, decision: 'approve' | 'reject') =>
    setAuditing({ target: { id: r.id, objectNo: r.objectNo, stepNo: r.currentStep, version: r.version }, decision })

  const [batching, setBatching] = useState<string[]>([])
  const batchApprove = () => {
    if (selected.length === 0) void message.warning(t('common.messages.selectRecord'))
    else setBatching(selected)
  }

  const batchDone = (result: BatchApproveResult) => {
    const failed = result.filter((r) => !r.success)
    const noOf = (id: string) => rows.find((r) => r.id === id)?.objectNo ?? id
    const summary = t('approval.review.batchResult', { ok: result.length - failed.length, failed: failed.length })
    if (failed.length === 0) void message.success(summary)
    else
      modal.warning({
        title: summary,
        content: failed.map((f) => (
          <div key={f.id}>{t('approval.review.batchFailedItem', { no: noOf(f.id), message: f.message })}</div>
        )),
      })
    setBatching([])
    setSelected([])
  }

  const columns: TableColumnsType<ReviewItem> = [
    { title: t('approval.review.objectNo'), dataIndex: 'objectNo', render: (v, r) => v ?? r.objectId },
    { title: t('approval.review.business'), dataIndex: 'business', render: (v) => dictText('audit_business', v) },
    {
      title: t('approval.review.step'),
      key: 'step',
      render: (_, r) => (
        <Flex vertical>
          <span>
            {t('approval.review.stepOf', { current: r.currentStep, total: r.stepCount })} {r.stepName}
          </span>
          <Typography.Text type="secondary">
            {[r.departName, r.roleName ?? r.roleCode].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('approval.review.status'), dataIndex: 'status', render: (v) => dictText('approval_status', v) },
    { title: t('approval.review.submitter'), dataIndex: 'submitterName' },
    { title: t('approval.review.startedAt'), dataIndex: 'startedAt', render: when },
    todo
      ? {
          title: t('approval.review.deadline'),
          dataIndex: 'deadline',
          render: (v: string | null, r) =>
            r.expired ? (
              <Tag color="red">{t('approval.review.expired')}</Tag>
            ) : v ? (
              when(v)
            ) : (
              t('approval.review.noDeadline')
            ),
        }
      : {
          title: t('approval.review.myDecision'),
          dataIndex: 'myDecision',
          render: (v, r) => (
            <Space>
              <DecisionTag decision={v} />
              <Typography.Text type="secondary">{when(r.myDecidedAt)}</Typography.Text>
            </Space>
          ),
        },
    {
      title: t('common.fields.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          {todo && (
            <>
              <AuthButton
                perm={`${MENU}:audit`}
                type="link"
                size="small"
                onClick={() => openAudit(r, 'approve')}
                data-testid="review-approve"
              >
                {t('approval.review.approve')}
              </AuthButton>
              <AuthButton perm={`${MENU}:audit`} type="link" size="small" danger onClick={() => openAudit(r, 'reject')}>
                {t('approval.review.reject')}
              </AuthButton>
            </>
          )}
          <AuthButton perm={`${MENU}:view`} type="link" size="small" onClick={() => setProgressOf(r.id)}>
            {t('approval.review.progress')}
          </AuthButton>
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="audit-detail-list">
      <Tabs
        activeKey={params.tab}
        onChange={(tab) => {
          setSelected([])
          setParams((p) => ({ ...p, tab: tab as ReviewTab, pageNo: 1 }))
        }}
        items={[
          { key: 'todo', label: t('approval.review.todo') },
          { key: 'done', label: t('approval.review.done') },
        ]}
      />
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          {todo && (
            <AuthButton perm={`${MENU}:batchApprove`} type="primary" onClick={batchApprove} data-testid="batch-approve">
              {t('approval.review.batchApprove')}
            </AuthButton>
          )}
        </Space>
        <Space wrap>
          <BusinessFilter
            value={params.business}
            onChange={(business) => setParams((p) => ({ ...p, business, pageNo: 1 }))}
          />
          <Input.Search
            allowClear
            placeholder={t('approval.review.searchNo')}
            onSearch={(v) => setParams((p) => ({ ...p, objectNo: v.trim() || undefined, pageNo: 1 }))}
            style={{ width: 220 }}
          />
        </Space>
      </Flex>
      <Table<ReviewItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={rowsLoading(reviews, queryClient.getQueryState(reviewsKey))}
        locale={{ emptyText: todo ? t('approval.review.empty') : undefined }}
        rowSelection={
          todo ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined
        }
        pagination={{
          ...PAGINATION,
          current: params.pageNo,
          pageSize: params.pageSize,
          total: data?.total ?? 0,
          showTotal: (total) => t('list.total', { total }),
          onChange: (pageNo, pageSize) => setParams((p) => ({ ...p, pageNo, pageSize })),
        }}
      />
      <AuditModal
        target={auditing?.target ?? null}
        initialDecision={auditing?.decision}
        onClose={() => setAuditing(null)}
        onDecided={() => setSelected((s) => s.filter((id) => id !== auditing?.target.id))}
      />
      <BatchApproveModal ids={batching} onClose={() => setBatching([])} onDone={batchDone} />
      <ReviewProgressModal reviewRef={progressOf ? { id: progressOf } : null} onClose={() => setProgressOf(null)} />
    </div>
  )
}
export default AuditDetailList
