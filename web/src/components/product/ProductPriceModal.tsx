import { type Price, type PriceLine, PriceTypeValues, type Product, RECORD_RULES } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, DatePicker, Form, Input, InputNumber, Modal, Space, Spin, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { productApi, productKeys } from '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { AuthButton, useButtonPermissions } from '../../auth/permissions.tsx'
import { DATE_FORMAT, DATETIME_FORMAT, modalWidth } from '../../config/constants.ts'
import { keepingRule } from '../list/form-spec.ts'
import { useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'

type Row = {
  priceType: string
  price?: number | null
  currency?: string
  validFrom?: Dayjs | null
  validTo?: Dayjs | null
  remark?: string | null
}
type Props = {
  product: Pick<Product, 'id' | 'name'> | null
  open: boolean
  onClose: () => void
  afterClose?: () => void
}

const rowsOf = (prices: readonly Price[]): Row[] =>
  PriceTypeValues.map((priceType) => {
    const p = prices.find((x) => x.priceType === priceType)
    return {
      priceType,
      price: p?.price ?? null,
      currency: p?.currency ?? (priceType === 'sale' ? 'USD' : 'CNY'),
      validFrom: p ? dayjs(p.validFrom) : null,
      validTo: p?.validTo ? dayjs(p.validTo) : null,
      remark: p?.remark ?? null,
    }
  })

const day = (d: Dayjs | null | undefined) => d?.format(DATE_FORMAT) ?? null

/** A row's validity by the rule the server keeps (contracts' record-rules.ts), said on its end. */
const validityRule = (row: number) =>
  keepingRule(RECORD_RULES.priceValidTo, (form) => {
    const r = form.getFieldValue(['rows', row]) as Row | undefined
    return { validFrom: day(r?.validFrom), validTo: day(r?.validTo) }
  })

/** The price modal: the four prices of a product with currency and validity, and who changed them when. */
export const ProductPriceModal = ({ product, open, onClose, afterClose }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const label = useFieldLabel('price')
  const dictText = useDictText()
  const client = useQueryClient()
  const { can } = useButtonPermissions()
  const editable = can('pro_product:price')
  const [form] = Form.useForm<{ rows: Row[] }>()
  const [saving, setSaving] = useState(false)
  const id = product?.id ?? ''
  const prices = useQuery({
    queryKey: productKeys.prices(id),
    queryFn: () => productApi.prices(id),
    enabled: open && !!id,
  })
  const history = useQuery({
    queryKey: productKeys.priceHistory(id),
    queryFn: () => productApi.priceHistory(id),
    enabled: open && !!id && editable,
  })

  useEffect(() => {
    if (prices.data && open) form.setFieldsValue({ rows: rowsOf(prices.data) })
  }, [prices.data, open, form])

  const save = async () => {
    // a cell's error marks the cell; what is wrong is said once, for the first
    const values = await form.validateFields().catch((e: { errorFields?: { errors: string[] }[] }) => {
      const first = e.errorFields?.[0]?.errors[0]
      if (first) void message.error(first)
      return null
    })
    if (!values) return
    // every row as it stands, its price type too (shown as text, not a field of the form)
    const rows = form.getFieldValue('rows') as Row[]
    const lines: PriceLine[] = rows
      .filter((r) => r.price !== null && r.price !== undefined && r.validFrom)
      .map((r) => ({
        priceType: r.priceType as PriceLine['priceType'],
        price: r.price as number,
        currency: (r.currency ?? '').trim().toUpperCase(),
        validFrom: day(r.validFrom) as string,
        validTo: day(r.validTo),
        remark: r.remark?.trim() || null,
      }))
    if (lines.length === 0) return onClose()
    setSaving(true)
    try {
      await productApi.savePrices(id, lines)
      void message.success(t('product.price.saved'))
      await Promise.all([
        client.invalidateQueries({ queryKey: productKeys.prices(id) }),
        client.invalidateQueries({ queryKey: productKeys.priceHistory(id) }),
        client.invalidateQueries({ queryKey: keys.resource.all('price') }),
      ])
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  const snap = (s: { price: number; currency: string; validFrom: string; validTo: string | null } | null) =>
    s ? `${s.price} ${s.currency} (${s.validFrom} ~ ${s.validTo ?? ''})` : ''

  return (
    <Modal
      open={open}
      title={t('product.price.title', { name: product?.name ?? '' })}
      width={modalWidth()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      data-testid="product-price-modal"
      footer={
        <AuthButton
          perm="pro_product:price"
          type="primary"
          loading={saving}
          onClick={() => void save()}
          data-testid="price-save"
        >
          {t('common.actions.save')}
        </AuthButton>
      }
    >
      <Spin spinning={prices.isLoading}>
        <Form form={form} component={false} disabled={!editable}>
          <Form.List name="rows">
            {(fields) => (
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                columns={[
                  {
                    title: label('priceType'),
                    width: 140,
                    render: (_, f) => dictText('price_type', form.getFieldValue(['rows', f.name, 'priceType'])),
                  },
                  {
                    title: label('price'),
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'price']} noStyle>
                        <InputNumber<number> min={0} style={{ width: '100%' }} data-testid={`price-${f.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: label('currency'),
                    width: 110,
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'currency']} noStyle rules={[{ pattern: /^[A-Za-z]{3}$/ }]}>
                        <Input maxLength={3} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: label('validFrom'),
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'validFrom']} noStyle>
                        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: label('validTo'),
                    render: (_, f) => (
                      <Form.Item
                        name={[f.name, 'validTo']}
                        noStyle
                        dependencies={[['rows', f.name, 'validFrom']]}
                        rules={[validityRule(f.name)]}
                      >
                        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('common.fields.remark'),
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'remark']} noStyle>
                        <Input maxLength={255} />
                      </Form.Item>
                    ),
                  },
                ]}
              />
            )}
          </Form.List>
        </Form>
      </Spin>
      {editable && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Typography.Title level={5}>{t('product.price.history')}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            loading={history.isLoading}
            dataSource={history.data ?? []}
            locale={{ emptyText: t('product.price.none') }}
            pagination={{ pageSize: 5 }}
            columns={[
              {
                title: label('priceType'),
                dataIndex: 'priceType',
                width: 140,
                render: (v: string) => dictText('price_type', v),
              },
              { title: t('product.price.before'), render: (_, h) => snap(h.before) },
              { title: t('product.price.after'), render: (_, h) => snap(h.after) },
              { title: t('product.price.changedBy'), dataIndex: 'username', width: 140 },
              {
                title: t('product.price.changedAt'),
                dataIndex: 'createAt',
                width: 180,
                render: (v: string) => dayjs(v).format(DATETIME_FORMAT),
              },
            ]}
          />
        </Space>
      )}
    </Modal>
  )
}
