import { useTranslation } from 'react-i18next'
import { salesApi } from '../../api/sales.ts'
import { NoteModal } from '../NoteModal.tsx'
import type { OrderRef } from './useOrderActions.tsx'

type Props = { order: OrderRef | null; onClose: () => void; onDone: () => void }

/** Asks to delete an approved order (the order centre, SPEC 6): a reason, then the `order_delete` review. */
export const ApplyDeleteModal = ({ order, onClose, onDone }: Props) => {
  const { t } = useTranslation()
  return (
    <NoteModal<OrderRef, { reason: string }>
      target={order}
      title={t('sales.applyDelete.title', { orderNo: order?.orderNo ?? '' })}
      name="apply-delete"
      note={{
        name: 'reason',
        label: t('sales.applyDelete.reason'),
        required: t('sales.applyDelete.reasonRequired'),
      }}
      submit={(o, { reason }) => salesApi.applyDelete({ id: o.id, reason })}
      done={t('sales.applyDelete.done')}
      onDone={onDone}
      onClose={onClose}
      danger
      testId="apply-delete-modal"
      submitTestId="apply-delete-submit"
    />
  )
}
