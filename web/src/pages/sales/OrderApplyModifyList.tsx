import { ApplyModifyAddSchema, applyModifyResource, isOpenApproval } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Empty, Modal, Spin } from 'antd'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Decision } from '../../api/approval.ts'
import { deliveryApi, deliveryKeys } from '../../api/delivery.ts'
import { failureText } from '../../api/http.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { salesKeys } from '../../api/sales.ts'
import {
  ApplyModifyCompareModal,
  ApplyModifyModal,
  ModifyTypeTags,
  RequestStatusTag,
} from '../../components/adjustment/index.ts'
import { AuditModal, type AuditTarget } from '../../components/approval/AuditModal.tsx'
import { ReviewProgressView } from '../../components/approval/ReviewProgress.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import {
  defineList,
  type ListDeclaration,
  type RecordEditorProps,
  type RecordViewerProps,
} from '../../components/list/types.ts'
import { useShown } from '../../components/list/useShown.ts'
import { OrderLink } from '../../components/sales-review/OrderLink.tsx'
import { useRequestFromMessage } from '../../components/sales-review/useRequestFromMessage.ts'
import { modalWidth } from '../../config/constants.ts'

type Field = keyof typeof applyModifyResource.fields
type Target = { id: string; orderId: string; orderNo: string }

const targetOf = (row: ResourceRecord): Target => ({
  id: row.id,
  orderId: String(row.orderId ?? ''),
  orderNo: String(row.orderNo ?? ''),
})

/** The list's 'add' asks for an adjustment of an order picked in the modal. */
const AddEditor = ({ open, onClose, afterClose, onSaved }: RecordEditorProps) => (
  <ApplyModifyModal open={open} onClose={onClose} afterClose={afterClose} onSaved={onSaved} />
)

/** The list's 'view': the request against its order, with its review. */
const CompareViewer = ({ record, open, onClose, afterClose }: RecordViewerProps) => {
  const target = targetOf(record)
  return (
    <ApplyModifyCompareModal
      id={target.id}
      orderNo={target.orderNo}
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      orderLink={<OrderLink orderId={target.orderId} orderNo={target.orderNo} />}
      withProgress
    />
  )
}

/** The review of one request, as steps and decisions. */
const ProgressModal = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const { data, isLoading } = useQuery({
    queryKey: deliveryKeys.modifyProgress(id ?? ''),
    queryFn: () => deliveryApi.modifyProgress(id as string),
    enabled: id !== null,
    staleTime: 0,
  })
  return (
    <Modal
      open={id !== null}
      title={t('delivery.modify.actions.progress')}
      width={modalWidth()}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="modify-progress-modal"
    >
      <Spin spinning={isLoading}>
        {data ? (
          <ReviewProgressView progress={data} />
        ) : (
          !isLoading && <Empty description={t('delivery.modify.noReview')} />
        )}
      </Spin>
    </Modal>
  )
}

/**
 * Order adjustments (SPEC 2 /sale/orderApplyModifyList, issue 16): the branch's requests to
 * append products to, add to or reduce lines of an order pending delivery or partly delivered,
 * reviewed on the `order_adjust` flow. Add a request, review the selected one (the audit modal
 * with the step and version its progress shows), see its progress, compare it with its order.
 */
export const OrderApplyModifyList = () => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [auditing, setAuditing] = useState<AuditTarget | null>(null)
  const [progressOf, setProgressOf] = useState<string | null>(null)
  const compare = useShown<Target>()
  useRequestFromMessage(applyModifyResource, (row) => compare.show(targetOf(row)), 'delivery.modify.notFound')

  const audit = useCallback(
    async (row: ResourceRecord) => {
      const orderNo = String(row.orderNo ?? '')
      if (!isOpenApproval(row.status as string | null)) {
        void message.warning(t('delivery.modify.notPending'))
        return
      }
      const progress = await client
        .fetchQuery({
          queryKey: deliveryKeys.modifyProgress(row.id),
          queryFn: () => deliveryApi.modifyProgress(row.id),
          staleTime: 0,
        })
        .catch((e: unknown) => {
          void message.error(failureText(e))
          return undefined
        })
      if (progress === undefined) return
      if (!progress || !isOpenApproval(progress.status)) {
        void message.warning(t('delivery.modify.notPending'))
        return
      }
      setAuditing({ id: row.id, objectNo: orderNo, stepNo: progress.currentStep, version: progress.version })
    },
    [client, message, t],
  )

  const list = useMemo(
    (): ListDeclaration<Field> =>
      defineList({
        resource: applyModifyResource,
        input: ApplyModifyAddSchema,
        without: ['edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        columnOrder: ['orderNo', 'branchId', 'modifyTypes', 'reason', 'status', 'requesterName', 'createAt'],
        columns: {
          orderNo: {
            render: (v, row) => (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => compare.show(targetOf(row))}
                data-testid="modify-order-no"
              >
                {String(v ?? '')}
              </Button>
            ),
          },
          modifyTypes: { width: 200, render: (v) => <ModifyTypeTags types={v} /> },
          status: { render: (v) => <RequestStatusTag status={v} /> },
        },
        editor: AddEditor,
        viewer: CompareViewer,
        toolbar: [
          {
            key: 'audit',
            perm: 'audit',
            label: t('delivery.modify.actions.audit'),
            selection: 'one',
            onClick: ([row]) => audit(row as ResourceRecord),
          },
          {
            key: 'progress',
            perm: 'view',
            label: t('delivery.modify.actions.progress'),
            selection: 'one',
            onClick: ([row]) => setProgressOf((row as ResourceRecord).id),
          },
          {
            key: 'compare',
            perm: 'view',
            label: t('delivery.modify.actions.compare'),
            selection: 'one',
            onClick: ([row]) => compare.show(targetOf(row as ResourceRecord)),
          },
        ],
      }),
    [t, audit, compare.show],
  )

  const decide = useCallback(
    (d: Decision) =>
      deliveryApi.auditModify({ id: d.id, decision: d.decision, note: d.note, stepNo: d.stepNo, version: d.version }),
    [],
  )

  return (
    <>
      <ListPage list={list as ListDeclaration} />
      {compare.shown && (
        <ApplyModifyCompareModal
          id={compare.shown.target.id}
          orderNo={compare.shown.target.orderNo}
          open={compare.shown.open}
          onClose={compare.hide}
          afterClose={compare.gone}
          orderLink={<OrderLink orderId={compare.shown.target.orderId} orderNo={compare.shown.target.orderNo} />}
          withProgress
        />
      )}
      <AuditModal
        target={auditing}
        decide={decide}
        onClose={() => setAuditing(null)}
        onDecided={() => {
          void client.invalidateQueries({ queryKey: deliveryKeys.modifies })
          // an approved adjustment changes its order
          void client.invalidateQueries({ queryKey: salesKeys.all })
          void client.invalidateQueries({ queryKey: deliveryKeys.orders })
        }}
      />
      <ProgressModal id={progressOf} onClose={() => setProgressOf(null)} />
    </>
  )
}
export default OrderApplyModifyList
