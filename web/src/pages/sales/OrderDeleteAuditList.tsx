import {
  ApprovalStatus,
  isOpenApproval,
  orderDeleteResource,
  SaleOrderApplyDeleteSchema,
  saleOrderResource,
} from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Descriptions, Divider, Empty, Modal, Spin, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Decision } from '../../api/approval.ts'
import { failureText } from '../../api/http.ts'
import { keys } from '../../api/queries.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { salesReviewApi, salesReviewKeys } from '../../api/sales-review.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { AuditModal, type AuditTarget } from '../../components/approval/AuditModal.tsx'
import { ReviewProgressView } from '../../components/approval/ReviewProgress.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList, type ListDeclaration, type RecordViewerProps } from '../../components/list/types.ts'
import { useDictText } from '../../components/list/useDict.ts'
import { useFieldLabel, useResourceTitle } from '../../components/list/useFieldLabel.ts'
import { useShown } from '../../components/list/useShown.ts'
import { ViewModal } from '../../components/list/ViewModal.tsx'
import { OrderLink } from '../../components/sales-review/OrderLink.tsx'
import { useRequestFromMessage } from '../../components/sales-review/useRequestFromMessage.ts'
import { DATETIME_FORMAT, modalWidth } from '../../config/constants.ts'

type Field = keyof typeof orderDeleteResource.fields

const isOpen = (status: unknown) => isOpenApproval(status as string | null)
const statusColor = (s: unknown) =>
  s === ApprovalStatus.Approved ? 'green' : s === ApprovalStatus.Rejected ? 'red' : 'blue'

/** The review of one deletion request, as steps and decisions. */
const useDeleteProgress = (id: string | null) =>
  useQuery({
    queryKey: salesReviewKeys.deleteProgress(id ?? ''),
    queryFn: () => salesReviewApi.deleteProgress(id as string),
    enabled: id !== null,
    staleTime: 0,
  })

const ProgressBody = ({ id }: { id: string }) => {
  const { t } = useTranslation()
  const { data, isLoading } = useDeleteProgress(id)
  return (
    <Spin spinning={isLoading}>
      {data ? (
        <ReviewProgressView progress={data} />
      ) : (
        !isLoading && <Empty description={t('salesReview.orderDelete.noReview')} />
      )}
    </Spin>
  )
}

const ProgressModal = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation()
  return (
    <Modal
      open={id !== null}
      title={t('salesReview.orderDelete.progress')}
      width={modalWidth()}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="order-delete-progress"
    >
      {id && <ProgressBody id={id} />}
    </Modal>
  )
}

/** The audit modal on a deletion request's own route; a decision refreshes the requests and the orders. */
const DeleteAuditModal = ({ target, onClose }: { target: AuditTarget | null; onClose: () => void }) => {
  const queryClient = useQueryClient()
  const decide = useCallback(
    (d: Decision) => salesReviewApi.auditDelete({ id: d.id, decision: d.decision, note: d.note }),
    [],
  )
  return (
    <AuditModal
      target={target}
      decide={decide}
      onClose={onClose}
      onDecided={() => {
        void queryClient.invalidateQueries({ queryKey: keys.resource.all(orderDeleteResource.name) })
        // an approved deletion removes the order
        void queryClient.invalidateQueries({ queryKey: keys.resource.all(saleOrderResource.name) })
      }}
    />
  )
}

/** One request: the order, why it should go, who asked and when, and its review so far. */
const OrderDeleteView = ({ record, open, title, onClose, afterClose }: RecordViewerProps) => {
  const { t } = useTranslation()
  const label = useFieldLabel(orderDeleteResource.name)
  const dictText = useDictText()
  const [auditing, setAuditing] = useState<AuditTarget | null>(null)
  const progress = useDeleteProgress(record.id).data
  // the review's status is the request's, and stays current after a decision made here
  const status = progress?.status ?? record.status
  return (
    <ViewModal open={open} title={title} onClose={onClose} afterClose={afterClose} data-testid="order-delete-view">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'orderNo',
            label: label('orderNo'),
            // an approved request has deleted its order
            children:
              record.orderId && status !== ApprovalStatus.Approved ? (
                <OrderLink orderId={String(record.orderId)} orderNo={String(record.orderNo ?? '')} />
              ) : (
                <Typography.Text strong>{String(record.orderNo ?? '')}</Typography.Text>
              ),
          },
          {
            key: 'status',
            label: label('status'),
            children: <Tag color={statusColor(status)}>{dictText('approval_status', status)}</Tag>,
          },
          { key: 'requesterName', label: label('requesterName'), children: String(record.requesterName ?? '') },
          {
            key: 'createAt',
            label: label('createAt'),
            children: record.createAt ? dayjs(record.createAt as string).format(DATETIME_FORMAT) : '',
          },
          {
            key: 'reason',
            label: label('reason'),
            span: 'filled',
            children: (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {String(record.reason ?? '')}
              </Typography.Paragraph>
            ),
          },
        ]}
      />
      <Divider />
      <ProgressBody id={record.id} />
      {progress && isOpen(progress.status) && (
        <div style={{ marginTop: 16, textAlign: 'right' }}>
          <AuthButton
            perm={`${orderDeleteResource.menu}:audit`}
            type="primary"
            onClick={() =>
              setAuditing({
                id: record.id,
                objectNo: String(record.orderNo ?? ''),
                stepNo: progress.currentStep,
                version: progress.version,
              })
            }
            data-testid="order-delete-view-audit"
          >
            {t('salesReview.orderDelete.audit')}
          </AuthButton>
        </div>
      )}
      <DeleteAuditModal target={auditing} onClose={() => setAuditing(null)} />
    </ViewModal>
  )
}

/**
 * Order deletion review (/sale/orderDeleteAuditList, issue 15): the order centre's requests to
 * delete approved orders, reviewed on the `order_delete` flow. Review the selected request (the
 * audit modal, with the step and version its progress shows), see its progress, view it.
 */
export const OrderDeleteAuditList = () => {
  const { t } = useTranslation()
  const title = useResourceTitle(orderDeleteResource.name)
  const fromMessage = useShown<ResourceRecord>()
  useRequestFromMessage(orderDeleteResource, fromMessage.show)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [auditing, setAuditing] = useState<AuditTarget | null>(null)
  const [progressOf, setProgressOf] = useState<string | null>(null)

  const audit = useCallback(
    async (row: ResourceRecord) => {
      if (!isOpen(row.status)) {
        void message.warning(t('salesReview.orderDelete.notPending'))
        return
      }
      const progress = await queryClient
        .fetchQuery({
          queryKey: salesReviewKeys.deleteProgress(row.id),
          queryFn: () => salesReviewApi.deleteProgress(row.id),
          staleTime: 0,
        })
        .catch((e: unknown) => {
          void message.error(failureText(e))
          return undefined
        })
      if (progress === undefined) return
      if (!progress || !isOpen(progress.status)) {
        void message.warning(t('salesReview.orderDelete.notPending'))
        return
      }
      setAuditing({
        id: row.id,
        objectNo: String(row.orderNo ?? ''),
        stepNo: progress.currentStep,
        version: progress.version,
      })
    },
    [message, queryClient, t],
  )

  const list = useMemo(
    (): ListDeclaration<Field> =>
      defineList({
        resource: orderDeleteResource,
        input: SaleOrderApplyDeleteSchema,
        without: ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        columnOrder: ['orderNo', 'reason', 'status', 'requesterName', 'createAt'],
        toolbar: [
          {
            key: 'audit',
            perm: 'audit',
            label: t('salesReview.orderDelete.audit'),
            selection: 'one',
            onClick: ([row]) => audit(row as ResourceRecord),
          },
          {
            key: 'progress',
            perm: 'view',
            label: t('salesReview.orderDelete.progress'),
            selection: 'one',
            onClick: ([row]) => setProgressOf((row as ResourceRecord).id),
          },
        ],
        viewer: OrderDeleteView,
      }),
    [t, audit],
  )

  return (
    <>
      <ListPage list={list as ListDeclaration} />
      {fromMessage.shown && (
        <OrderDeleteView
          record={fromMessage.shown.target}
          open={fromMessage.shown.open}
          title={t('list.modal.view', { name: title })}
          onClose={fromMessage.hide}
          afterClose={fromMessage.gone}
        />
      )}
      <DeleteAuditModal target={auditing} onClose={() => setAuditing(null)} />
      <ProgressModal id={progressOf} onClose={() => setProgressOf(null)} />
    </>
  )
}
export default OrderDeleteAuditList
