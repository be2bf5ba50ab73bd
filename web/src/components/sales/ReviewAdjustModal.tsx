import { Errors, localName, reviewAdjustRefusal, type SaleOrderLine } from '@app/contracts'
import { Alert, App, Input, InputNumber, Modal, Space, Spin, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { salesApi, useOrderDetail } from '../../api/sales.ts'
import { formatThousands, modalWidth } from '../../config/constants.ts'
import { useDictText } from '../list/useDict.ts'
import { refusalReason } from './refusal.ts'
import type { OrderRef } from './useOrderActions.tsx'

type Props = { order: OrderRef | null; onClose: () => void; onDone: () => void }

/** The lines whose quantity the reviewer changed, as the server takes them (0 removes a line). */
export const adjustedLines = (lines: readonly SaleOrderLine[], quantities: ReadonlyMap<string, number | null>) =>
  lines
    .filter((l) => quantities.has(l.id) && quantities.get(l.id) !== l.quantity)
    .map((l) => ({ lineId: l.id, quantity: quantities.get(l.id) ?? 0 }))

/**
 * A reviewer whose step allows it lowers quantities while reviewing (SPEC 6 'some roles cannot
 * adjust order products'): never above what was ordered; 0 takes the line off the order.
 */
export const ReviewAdjustModal = ({ order, onClose, onDone }: Props) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const dictText = useDictText()
  const id = order?.id ?? ''
  const detail = useOrderDetail(id)
  const [quantities, setQuantities] = useState<Map<string, number | null>>(new Map())
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const lines = detail.data?.lines ?? []
  const changes = adjustedLines(lines, quantities)
  // the order model's answer, as the server would give it: nothing changed, nothing left, too many
  const refusal = reviewAdjustRefusal(lines, new Map(changes.map((c) => [c.lineId, c.quantity])))

  const close = () => {
    setQuantities(new Map())
    setNote('')
    onClose()
  }

  const submit = async () => {
    if (!detail.data || refusal) return
    setSaving(true)
    try {
      await salesApi.reviewAdjust({ id, version: detail.data.version, lines: changes, note: note.trim() || null })
      void message.success(t('sales.adjust.done'))
      onDone()
      close()
    } catch (e) {
      void message.error(failureText(e))
      void detail.refetch()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={order !== null}
      title={t('sales.adjust.title', { orderNo: order?.orderNo ?? '' })}
      width={modalWidth()}
      onOk={() => void submit()}
      onCancel={close}
      okText={t('common.actions.submit')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: refusal !== null, 'data-testid': 'adjust-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="review-adjust-modal"
    >
      <Spin spinning={detail.isLoading}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('sales.adjust.hint')} />
          <Table<SaleOrderLine>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={lines}
            columns={[
              { title: '#', dataIndex: 'lineNo', width: 48 },
              { title: t('sales.line.productCode'), dataIndex: 'productCode', width: 140 },
              {
                title: t('sales.line.productName'),
                render: (_, l) => localName(l, i18n.language, 'productName'),
              },
              { title: t('sales.line.unit'), width: 90, render: (_, l) => dictText('product_unit', l.unit) },
              {
                title: t('sales.line.quantity'),
                width: 120,
                align: 'right',
                render: (_, l) => formatThousands(l.quantity),
              },
              {
                title: t('sales.adjust.newQuantity'),
                width: 160,
                render: (_, l) => (
                  <InputNumber<number>
                    min={0}
                    max={l.quantity}
                    style={{ width: '100%' }}
                    value={quantities.has(l.id) ? quantities.get(l.id) : l.quantity}
                    onChange={(q) => setQuantities((m) => new Map(m).set(l.id, q))}
                    aria-label={t('sales.line.quantityOf', { name: localName(l, i18n.language, 'productName') })}
                  />
                ),
              },
            ]}
          />
          {refusal && refusal !== Errors.OrderUnchanged && (
            <Typography.Text type="danger" data-testid="adjust-refusal">
              {refusalReason(refusal.code)}
            </Typography.Text>
          )}
          <Typography.Text>{t('sales.adjust.note')}</Typography.Text>
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            value={note}
            onChange={(e) => setNote(e.target.value)}
            style={{ marginBottom: 16 }}
            aria-label={t('sales.adjust.note')}
          />
        </Space>
      </Spin>
    </Modal>
  )
}
