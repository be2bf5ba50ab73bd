import { useQuery } from '@tanstack/react-query'
import { App, Col, DatePicker, Form, Input, Row, Select, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { salesApi, salesKeys } from '../../api/sales.ts'
import { DATE_FORMAT } from '../../config/constants.ts'
import { useDict, useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { NAME_SEARCH, useRefOptions } from '../list/useRefOptions.ts'
import { AttachmentsInput } from './Attachments.tsx'
import type { LineValue, OrderFormValues } from './order-form.ts'

type Props = {
  /** The container the lines fit in, offered while the user has not chosen one. */
  suggestedContainer: string | null
  onContainerChosen: () => void
}

/**
 * The branch select: another branch sells other products, so changing it with lines asks first and
 * clears them. It takes the form item's `id`, which its label points to (`for`).
 */
const BranchSelect = ({ id, value, onChange }: { id?: string; value?: string; onChange?: (v: string) => void }) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const form = Form.useFormInstance<OrderFormValues>()
  const branches = useRefOptions('branch', 'name')
  // only the branches the server lets this person order for (the one already chosen stays shown)
  const orderable = useQuery({ queryKey: salesKeys.orderableBranches, queryFn: salesApi.orderableBranches })
  const options = useMemo(() => {
    const ids = new Set(orderable.data ?? [])
    return branches.options.filter((o) => ids.has(o.value) || o.value === value)
  }, [branches.options, orderable.data, value])
  const choose = (v: string) => {
    const lines = (form.getFieldValue('lines') ?? []) as LineValue[]
    if (!value || lines.length === 0 || v === value) {
      onChange?.(v)
      return
    }
    modal.confirm({
      title: t('sales.form.branchChangeTitle'),
      content: t('sales.form.branchChangeContent'),
      okText: t('common.actions.ok'),
      cancelText: t('common.actions.cancel'),
      onOk: () => {
        onChange?.(v)
        form.setFieldValue('lines', [])
      },
    })
  }
  return (
    <Select
      id={id}
      value={value}
      onChange={choose}
      showSearch={NAME_SEARCH}
      options={options}
      loading={orderable.isFetching}
      placeholder={t('sales.form.chooseBranch')}
      data-testid="order-branch"
    />
  )
}

const beforeToday = (d: Dayjs) => d.isBefore(dayjs().startOf('day'))

/**
 * The order's head: branch, ERP account set, dates (the expected delivery not in the past),
 * transport, container (suggested from the lines until the user picks one), certificates,
 * remark and attachments.
 */
export const OrderHeaderFields = ({ suggestedContainer, onContainerChosen }: Props) => {
  const { t } = useTranslation()
  const label = useFieldLabel('saleOrder')
  const dictText = useDictText()
  const accountSets = useDict('erp_account_set')
  const transports = useDict('transport_mode')
  const containers = useDict('container_size')
  const certificates = useDict('certificate_type')
  const certificateRequired = Form.useWatch('certificateRequired') as boolean | undefined

  return (
    <Row gutter={16}>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="branchId"
          label={label('branchId')}
          rules={[{ required: true, message: t('sales.validation.branch') }]}
        >
          <BranchSelect />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="companyCode"
          label={label('companyCode')}
          rules={[{ required: true, message: t('sales.validation.accountSet') }]}
        >
          <Select options={accountSets} placeholder={t('list.search.choose')} data-testid="order-account-set" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name="orderDate" label={label('orderDate')}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="order-date" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="expectedDeliveryDate"
          label={label('expectedDeliveryDate')}
          rules={[
            { required: true, message: t('sales.validation.expectedDate') },
            {
              validator: async (_, v: Dayjs | null) => {
                if (v && beforeToday(v)) throw new Error(t('sales.validation.expectedPast'))
              },
            },
          ]}
        >
          <DatePicker
            format={DATE_FORMAT}
            style={{ width: '100%' }}
            disabledDate={beforeToday}
            data-testid="order-expected-date"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name="transportMode" label={label('transportMode')}>
          <Select allowClear options={transports} placeholder={t('list.search.choose')} data-testid="order-transport" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="containerSize"
          label={label('containerSize')}
          extra={
            suggestedContainer
              ? t('sales.form.suggestedContainer', { size: dictText('container_size', suggestedContainer) })
              : undefined
          }
        >
          <Select
            allowClear
            options={containers}
            placeholder={t('list.search.choose')}
            onChange={onContainerChosen}
            data-testid="order-container"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item name="certificateRequired" label={label('certificateRequired')} valuePropName="checked">
          <Switch data-testid="order-certificate-required" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Form.Item
          name="certificateTypes"
          label={label('certificateTypes')}
          rules={
            certificateRequired ? [{ required: true, type: 'array', message: t('sales.validation.certificates') }] : []
          }
        >
          <Select
            mode="multiple"
            allowClear
            disabled={!certificateRequired}
            options={certificates}
            placeholder={t('list.search.choose')}
            data-testid="order-certificate-types"
          />
        </Form.Item>
      </Col>
      <Col xs={24} xl={12}>
        <Form.Item name="remark" label={label('remark')}>
          <Input.TextArea rows={2} maxLength={500} showCount data-testid="order-remark" />
        </Form.Item>
      </Col>
      <Col xs={24} xl={12}>
        <Form.Item name="attachments" label={label('attachmentIds')}>
          <AttachmentsInput />
        </Form.Item>
      </Col>
    </Row>
  )
}
