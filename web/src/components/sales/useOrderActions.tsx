import { AuditBusiness, Errors, type ReviewProgress, type SaleOrderAbilities } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { type ReactNode, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { salesApi, salesKeys } from '../../api/sales.ts'
import { AuditModal } from '../approval/AuditModal.tsx'
import { ReviewProgressModal } from '../approval/ReviewProgress.tsx'
import { useResourceTitle } from '../list/useFieldLabel.ts'
import { ApplyDeleteModal } from './ApplyDeleteModal.tsx'
import { OrderModal } from './OrderModal.tsx'
import { OrderPreviewModal } from './OrderPreview.tsx'
import { ReviewAdjustModal } from './ReviewAdjustModal.tsx'
import { useMayDo, useRefusalText } from './refusal.ts'
import { SubApplyModal } from './SubApplyModal.tsx'

/** An order as the actions need it. */
export type OrderRef = { id: string; orderNo: string }

export type OrderAction =
  | 'edit'
  | 'delete'
  | 'audit'
  | 'reviewAdjust'
  | 'subApply'
  | 'applyDelete'
  | 'progress'
  | 'preview'

/** The ability (GET /sale/order/abilities) each action needs now; the others only need the button permission. */
export const ABILITY_OF: Partial<Record<OrderAction, keyof SaleOrderAbilities['refusals']>> = {
  edit: 'edit',
  delete: 'delete',
  audit: 'audit',
  reviewAdjust: 'reviewAdjust',
  subApply: 'subApply',
  applyDelete: 'applyDelete',
}

type Shown = { action: OrderAction; order: OrderRef; progress?: ReviewProgress }

/**
 * What can be done with one order, from the list's toolbar or the detail's footer: each action
 * first asks the server whether the caller may do it now (abilities) and explains a refusal,
 * then opens its dialog. `element` holds the dialogs; render it once.
 */
export const useOrderActions = ({ onChanged, onDeleted }: { onChanged?: () => void; onDeleted?: () => void } = {}) => {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const client = useQueryClient()
  const title = useResourceTitle('saleOrder')
  const [shown, setShown] = useState<Shown | null>(null)
  const refusalMessage = useRefusalText()
  const mayDo = useMayDo()
  const hide = useCallback(() => setShown(null), [])

  const changed = useCallback(async () => {
    await client.invalidateQueries({ queryKey: salesKeys.all })
    onChanged?.()
  }, [client, onChanged])

  const remove = (order: OrderRef) =>
    modal.confirm({
      title: t('sales.delete.confirm', { orderNo: order.orderNo }),
      okText: t('common.actions.ok'),
      okButtonProps: { danger: true, 'data-testid': 'order-delete-ok' } as never,
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await salesApi.remove(order.id)
          void message.success(t('common.messages.deleted'))
          await changed()
          onDeleted?.()
        } catch (e) {
          void message.error(failureText(e))
        }
      },
    })

  const run = async (action: OrderAction, order: OrderRef) => {
    const ability = ABILITY_OF[action]
    if (ability && !(await mayDo(order, ability))) return
    if (action === 'delete') return remove(order)
    if (action === 'audit') {
      const progress = await client
        .fetchQuery({
          queryKey: salesKeys.progress(order.id),
          queryFn: () => salesApi.progress(order.id),
          staleTime: 0,
        })
        .catch(() => null)
      if (!progress) {
        void message.warning(refusalMessage(order.orderNo, Errors.OnlyCurrentReviewer.code))
        return
      }
      setShown({ action, order, progress })
      return
    }
    setShown({ action, order })
  }

  const target = (a: OrderAction) => (shown?.action === a ? shown.order : null)
  const audit = shown?.action === 'audit' && shown.progress ? shown : null

  const element: ReactNode = (
    <>
      {shown?.action === 'edit' && (
        <OrderModal
          target={{ mode: 'edit', id: shown.order.id }}
          open
          title={t('list.modal.edit', { name: title })}
          onClose={hide}
          afterClose={hide}
          onSaved={() => void changed()}
        />
      )}
      <AuditModal
        target={
          audit?.progress
            ? {
                id: audit.order.id,
                objectNo: audit.order.orderNo,
                stepNo: audit.progress.currentStep,
                version: audit.progress.version,
              }
            : null
        }
        decide={salesApi.audit}
        onClose={hide}
        onDecided={() => void changed()}
      />
      <ReviewProgressModal
        reviewRef={
          shown?.action === 'progress' ? { business: AuditBusiness.SaleOrder, objectId: shown.order.id } : null
        }
        onClose={hide}
      />
      <SubApplyModal order={target('subApply')} onClose={hide} onDone={() => void changed()} />
      <ApplyDeleteModal order={target('applyDelete')} onClose={hide} onDone={() => void changed()} />
      <ReviewAdjustModal order={target('reviewAdjust')} onClose={hide} onDone={() => void changed()} />
      <OrderPreviewModal order={target('preview')} onClose={hide} />
    </>
  )

  return { run, element }
}
