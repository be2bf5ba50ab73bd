import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { StockDocType } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { stockApi } from '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { DATE_FORMAT, modalWidth } from '../../config/constants.ts'
import { requiredRule } from '../list/form-spec.ts'
import { useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { NAME_SEARCH, useRefOptions } from '../list/useRefOptions.ts'

type Line = {
  productId?: string
  batchNo?: string
  quantity?: number
  productionDate?: Dayjs | null
  expiryDate?: Dayjs | null
}
type Values = {
  depotId: string
  supplierId?: string
  branchId?: string
  docDate?: Dayjs
  remark?: string
  lines: Line[]
}
type Props = { docType: StockDocType | null; onClose: () => void }

const day = (d: Dayjs | null | undefined) => (d ? d.format(DATE_FORMAT) : undefined)

/**
 * A stock document (SPEC 3): purchase in, production in (batch required, SPEC 5) or sales out
 * (sellable products; without a batch the earliest expiry goes first). Posted when saved.
 */
export const StockDocModal = ({ docType, onClose }: Props) => {
  const { t } = useTranslation()
  /** The document's selects: searched by name, saying what they want while empty. */
  const searched = { showSearch: NAME_SEARCH, placeholder: t('list.search.choose') }
  const { message } = App.useApp()
  const client = useQueryClient()
  const label = useFieldLabel('stock')
  const docLabel = useFieldLabel('stockDoc')
  const dictText = useDictText()
  const depots = useRefOptions('depot', 'name')
  const suppliers = useRefOptions('supplier', 'name')
  const branches = useRefOptions('branch', 'name')
  const products = useRefOptions('product', 'name')
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const isIn = docType !== StockDocType.SalesOut

  const save = async () => {
    const v = await form.validateFields().catch(() => null)
    if (!v || !docType) return
    const head = { depotId: v.depotId, docDate: day(v.docDate), remark: v.remark?.trim() || null }
    setSaving(true)
    try {
      const doc =
        docType === StockDocType.SalesOut
          ? await stockApi.salesOut({
              ...head,
              branchId: v.branchId ?? null,
              lines: v.lines.map((l) => ({
                productId: l.productId!,
                batchNo: l.batchNo?.trim() || null,
                quantity: l.quantity!,
              })),
            })
          : await (docType === StockDocType.PurchaseIn ? stockApi.purchaseIn : stockApi.productionIn)({
              ...head,
              ...(docType === StockDocType.PurchaseIn ? { supplierId: v.supplierId ?? null } : {}),
              lines: v.lines.map((l) => ({
                productId: l.productId!,
                batchNo: (l.batchNo ?? '').trim(),
                quantity: l.quantity!,
                productionDate: day(l.productionDate) ?? null,
                expiryDate: day(l.expiryDate) ?? null,
              })),
            })
      void message.success(t('product.stock.posted', { docNo: doc.docNo }))
      for (const r of ['stock', 'stockDoc', 'stockLedger'])
        void client.invalidateQueries({ queryKey: keys.resource.all(r) })
      onClose()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={!!docType}
      title={docType ? dictText('stock_doc_type', docType) : ''}
      width={modalWidth()}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'doc-save' } as never}
      data-testid="stock-doc-modal"
    >
      <Form form={form} layout="vertical" initialValues={{ lines: [{}] }}>
        <Space wrap size="large">
          <Form.Item
            name="depotId"
            label={docLabel('depotId')}
            rules={[requiredRule(t, docLabel('depotId'), 'select')]}
          >
            <Select {...searched} style={{ width: 220 }} options={depots.options} data-testid="doc-depot" />
          </Form.Item>
          {docType === StockDocType.PurchaseIn && (
            <Form.Item name="supplierId" label={docLabel('supplierId')}>
              <Select {...searched} allowClear style={{ width: 240 }} options={suppliers.options} />
            </Form.Item>
          )}
          {docType === StockDocType.SalesOut && (
            <Form.Item name="branchId" label={docLabel('branchId')}>
              <Select {...searched} allowClear style={{ width: 220 }} options={branches.options} />
            </Form.Item>
          )}
          <Form.Item name="docDate" label={docLabel('docDate')}>
            <DatePicker format={DATE_FORMAT} />
          </Form.Item>
          <Form.Item name="remark" label={t('common.fields.remark')}>
            <Input style={{ width: 280 }} maxLength={500} />
          </Form.Item>
        </Space>
        <Typography.Text type="secondary">
          {isIn ? t('product.stock.batchRequired') : t('product.stock.fefo')}
        </Typography.Text>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                columns={[
                  {
                    title: label('productId'),
                    render: (_, f) => (
                      <Form.Item
                        name={[f.name, 'productId']}
                        rules={[requiredRule(t, label('productId'), 'select')]}
                        style={{ marginBottom: 0 }}
                      >
                        <Select {...searched} options={products.options} data-testid={`line-product-${f.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: label('batchNo'),
                    width: 180,
                    render: (_, f) => (
                      <Form.Item
                        name={[f.name, 'batchNo']}
                        rules={isIn ? [requiredRule(t, label('batchNo'))] : []}
                        style={{ marginBottom: 0 }}
                      >
                        <Input maxLength={64} data-testid={`line-batch-${f.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: label('quantity'),
                    width: 140,
                    render: (_, f) => (
                      <Form.Item
                        name={[f.name, 'quantity']}
                        rules={[requiredRule(t, label('quantity'))]}
                        style={{ marginBottom: 0 }}
                      >
                        <InputNumber<number>
                          min={0.001}
                          style={{ width: '100%' }}
                          data-testid={`line-quantity-${f.name}`}
                        />
                      </Form.Item>
                    ),
                  },
                  ...(isIn
                    ? [
                        {
                          title: label('productionDate'),
                          width: 160,
                          render: (_: unknown, f: { name: number }) => (
                            <Form.Item name={[f.name, 'productionDate']} style={{ marginBottom: 0 }}>
                              <DatePicker format={DATE_FORMAT} />
                            </Form.Item>
                          ),
                        },
                        {
                          title: label('expiryDate'),
                          width: 160,
                          render: (_: unknown, f: { name: number }) => (
                            <Form.Item name={[f.name, 'expiryDate']} style={{ marginBottom: 0 }}>
                              <DatePicker format={DATE_FORMAT} />
                            </Form.Item>
                          ),
                        },
                      ]
                    : []),
                  {
                    width: 48,
                    render: (_, f) =>
                      fields.length > 1 ? (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('product.actions.removeLine')}
                          onClick={() => remove(f.name)}
                        />
                      ) : null,
                  },
                ]}
              />
              <Button icon={<PlusOutlined />} onClick={() => add({})} style={{ marginTop: 8 }}>
                {t('product.actions.addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  )
}
