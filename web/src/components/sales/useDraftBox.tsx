import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Space } from 'antd'
import dayjs from 'dayjs'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { salesApi, salesKeys } from '../../api/sales.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { fromDraft, type OrderFormValues, toDraft } from './order-form.ts'

export type CloseChoice = 'keepEditing' | 'discard' | 'saved'

/**
 * The caller's draft box (SPEC 4 'an order can be saved to a draft box, restored, or cleared'):
 * a new order's modal offers the kept draft when it opens, and offers to keep unsaved input
 * when it closes; saving the order empties the box.
 */
export const useDraftBox = () => {
  const { t } = useTranslation()
  const { modal, message } = App.useApp()
  const client = useQueryClient()

  /** Asks whether to restore the kept draft, if there is one; answers its form, or null. */
  const offerRestore = useCallback(async (): Promise<OrderFormValues | null> => {
    const box = await client
      .fetchQuery({ queryKey: salesKeys.draft, queryFn: salesApi.draft, staleTime: 0 })
      .catch(() => null)
    if (!box) return null
    return new Promise((resolve) => {
      modal.confirm({
        title: t('sales.draft.restoreTitle'),
        content: t('sales.draft.restoreContent', { time: dayjs(box.savedAt).format(DATETIME_FORMAT) }),
        okText: t('sales.draft.restore'),
        cancelText: t('sales.draft.discard'),
        closable: false,
        keyboard: false,
        maskClosable: false,
        okButtonProps: { 'data-testid': 'draft-restore' } as never,
        cancelButtonProps: { 'data-testid': 'draft-discard' } as never,
        onOk: () => resolve(fromDraft(box.draft)),
        onCancel: async () => {
          await salesApi.clearDraft().catch(() => undefined)
          client.setQueryData(salesKeys.draft, null)
          resolve(null)
        },
      })
    })
  }, [client, modal, t])

  /** Asks what to do with unsaved input of a new order: keep editing, discard it, or keep it as the draft. */
  const askOnClose = useCallback(
    (values: OrderFormValues): Promise<CloseChoice> =>
      new Promise((resolve) => {
        let settled = false
        const settle = (choice: CloseChoice) => {
          if (settled) return
          settled = true
          ref.destroy()
          resolve(choice)
        }
        const save = async () => {
          try {
            await salesApi.saveDraft(toDraft(values))
            client.removeQueries({ queryKey: salesKeys.draft })
            void message.success(t('sales.draft.saved'))
            settle('saved')
          } catch (e) {
            void message.error(failureText(e))
          }
        }
        const ref = modal.confirm({
          title: t('sales.draft.closeTitle'),
          content: t('sales.draft.closeContent'),
          closable: true,
          onCancel: () => settle('keepEditing'),
          footer: () => (
            <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
              <Button onClick={() => settle('keepEditing')} data-testid="draft-keep-editing">
                {t('sales.draft.keepEditing')}
              </Button>
              <Button danger onClick={() => settle('discard')} data-testid="draft-close-discard">
                {t('sales.draft.discardChanges')}
              </Button>
              <Button type="primary" onClick={() => void save()} data-testid="draft-save">
                {t('sales.draft.save')}
              </Button>
            </Space>
          ),
        })
      }),
    [client, message, modal, t],
  )

  /** Empties the box once the order is saved (nothing to say if it was empty). */
  const clear = useCallback(async () => {
    await salesApi.clearDraft().catch(() => undefined)
    client.setQueryData(salesKeys.draft, null)
  }, [client])

  return { offerRestore, askOnClose, clear }
}
