import { Errors, type SellableProduct } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Form, Modal, Spin } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { salesApi, salesKeys, useOrderDetail } from '../../api/sales.ts'
import { modalWidth } from '../../config/constants.ts'
import { onLineIn, saveFailureOf } from '../list/save-errors.ts'
import type { RecordEditorProps } from '../list/types.ts'
import { useFilledFrom } from '../list/useFilledFrom.ts'
import { OrderHeaderFields } from './OrderHeaderFields.tsx'
import { OrderLinesEditor } from './OrderLinesEditor.tsx'
import {
  addProducts,
  emptyValues,
  enrichLine,
  hasContent,
  isDirty,
  type LineValue,
  type OrderFormValues,
  snapshotOf,
  toInput,
  totalsOf,
  valuesOfOrder,
} from './order-form.ts'
import { useRefusalText } from './refusal.ts'
import { SellableProductModal } from './SellableProductModal.tsx'
import { useDraftBox } from './useDraftBox.tsx'
import { useLineAttributes } from './useLineAttributes.ts'

const FORM_FIELDS = ['branchId', 'companyCode', 'orderDate', 'expectedDeliveryDate', 'lines', 'remark']

/** Each saved line's product as the branch sells it now, so its unit can still be changed. */
const sellableOf = async (branchId: string, lines: readonly LineValue[]) => {
  const codes = [...new Set(lines.map((l) => l.productCode))].slice(0, 50)
  const pages = await Promise.all(
    codes.map((keyword) => salesApi.sellable({ branchId, keyword, pageNo: 1, pageSize: 10 }).catch(() => null)),
  )
  return new Map(pages.flatMap((p) => p?.records ?? []).map((p): [string, SellableProduct] => [p.productId, p]))
}

/**
 * The order modal (add / edit, SPEC 2 'order modal'): the head, the lines with their calculated
 * boxes, weights and volume, the totals and the suggested container; the draft box for a new
 * order; an approved order's edit sends it back to review after asking.
 */
export const OrderModal = ({ target, open, title, onClose, afterClose, onSaved }: RecordEditorProps) => {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const client = useQueryClient()
  const [form] = Form.useForm<OrderFormValues>()
  const draftBox = useDraftBox()
  const editId = target.mode === 'edit' ? (target.id ?? '') : ''
  const [baseline, setBaseline] = useState<string | null>(null)
  const [picking, setPicking] = useState(false)
  const [saving, setSaving] = useState(false)
  const [linesChecked, setLinesChecked] = useState(false)
  // the user's container wins over the suggestion
  const containerChosen = useRef(false)

  const detail = useOrderDetail(editId, open)
  const abilities = useQuery({
    queryKey: salesKeys.abilities(editId),
    queryFn: () => salesApi.abilities(editId),
    enabled: open && Boolean(editId),
    staleTime: 0,
  })
  const order = detail.isFetchedAfterMount ? detail.data : undefined

  const fill = (values: OrderFormValues) => {
    form.resetFields()
    form.setFieldsValue(values)
    containerChosen.current = Boolean(values.containerSize)
    setBaseline(snapshotOf(form.getFieldsValue(true)))
  }

  // a new order: offer the draft box's content; an edit: the order as saved, units as sold now
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opened target
  useEffect(() => {
    if (!open || target.mode !== 'add') return
    fill(emptyValues())
    let live = true
    void draftBox.offerRestore().then((restored) => {
      if (live && restored) fill(restored)
    })
    return () => {
      live = false
    }
  }, [open, target.mode])

  // the order as the form shows it, each time a (fresh) copy arrives, its lines as sold now
  const filled = useFilledFrom(order, open, (o) => {
    const values = valuesOfOrder(o)
    fill(values)
    let live = true
    void sellableOf(o.branchId, values.lines ?? []).then((byId) => {
      if (!live) return
      const lines = (form.getFieldValue('lines') ?? []) as LineValue[]
      form.setFieldValue(
        'lines',
        lines.map((l) => enrichLine(l, byId.get(l.productId))),
      )
    })
    return () => {
      live = false
    }
  })

  const branchId = Form.useWatch('branchId', form)
  const lines = (Form.useWatch('lines', form) ?? []) as LineValue[]
  const attributes = useLineAttributes(lines, open)
  const totals = useMemo(
    () =>
      totalsOf(
        lines,
        lines.map((l) => attributes.byLine.get(l.key)),
      ),
    [lines, attributes.byLine],
  )

  useEffect(() => {
    if (!containerChosen.current && attributes.suggestedContainer) {
      form.setFieldValue('containerSize', attributes.suggestedContainer)
    }
  }, [attributes.suggestedContainer, form])

  const cannotEdit = target.mode === 'edit' && abilities.data?.edit === false
  const waiting = target.mode === 'edit' && !filled
  // why, as the order model answers it (the save would be refused with the same)
  const refusalText = useRefusalText()
  const needsConfirm = target.mode === 'edit' && abilities.data?.editNeedsConfirm === true

  const close = async () => {
    if (saving) return
    const values = form.getFieldsValue(true) as OrderFormValues
    if (!isDirty(baseline, values) || cannotEdit) return onClose()
    if (target.mode === 'add') {
      if (!hasContent(values)) return onClose()
      const choice = await draftBox.askOnClose(values)
      if (choice !== 'keepEditing') onClose()
      return
    }
    modal.confirm({
      title: t('sales.form.discardTitle'),
      content: t('sales.form.discardContent'),
      okText: t('sales.draft.discardChanges'),
      okButtonProps: { danger: true },
      cancelText: t('sales.draft.keepEditing'),
      onOk: onClose,
    })
  }

  const offerReload = () =>
    modal.confirm({
      title: t('list.stale.title'),
      content: t('list.stale.content'),
      okText: t('list.stale.reload'),
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        await Promise.all([detail.refetch(), abilities.refetch()])
      },
    })

  const send = async (values: OrderFormValues, confirmReview: boolean) => {
    setSaving(true)
    try {
      const input = toInput(values)
      if (target.mode === 'add') {
        const saved = await salesApi.add(input)
        await draftBox.clear()
        void message.success(t('sales.form.added', { orderNo: saved.orderNo }))
      } else {
        await salesApi.edit({
          ...input,
          id: editId,
          version: order?.version ?? 0,
          ...(confirmReview ? { confirmReview } : {}),
        })
        void message.success(t(confirmReview ? 'sales.form.resubmitted' : 'common.messages.modified'))
      }
      setBaseline(null)
      onSaved()
      onClose()
      void client.invalidateQueries({ queryKey: salesKeys.all })
    } catch (e) {
      const failure = saveFailureOf(e, FORM_FIELDS, t('common.http.requestError'), onLineIn(t))
      if (failure.kind === 'fields') form.setFields(failure.fields as never)
      else if (failure.kind === 'stale') offerReload()
      else void message.error(failure.text)
      if (e instanceof ApiError && e.code === Errors.OrderUnderReview.code) void abilities.refetch()
    } finally {
      setSaving(false)
    }
  }

  const save = async () => {
    setLinesChecked(true)
    const values = await form
      .validateFields()
      .then(() => form.getFieldsValue(true) as OrderFormValues)
      .catch(() => null)
    if (!values) return
    if (!needsConfirm) return send(values, false)
    modal.confirm({
      title: t('sales.form.confirmReviewTitle'),
      content: t('sales.form.confirmReviewContent'),
      okText: t('sales.form.confirmReviewOk'),
      cancelText: t('common.actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-review' } as never,
      onOk: () => send(values, true),
    })
  }

  const linesRule = {
    validator: async (_: unknown, value: LineValue[] | undefined) => {
      const ls = value ?? []
      if (ls.length === 0) throw new Error(t('sales.validation.selectProduct'))
      const bad = ls.findIndex((l) => !((l.quantity ?? 0) > 0))
      if (bad >= 0) throw new Error(t('sales.validation.quantity', { line: bad + 1 }))
      const noUnit = ls.findIndex((l) => !l.unitId)
      if (noUnit >= 0) throw new Error(t('sales.validation.unit', { line: noUnit + 1 }))
    },
  }

  return (
    <Modal
      open={open}
      title={order ? `${title} ${order.orderNo}` : title}
      width={modalWidth()}
      onOk={() => void save()}
      onCancel={() => void close()}
      afterClose={afterClose}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: cannotEdit || waiting, 'data-testid': 'order-save' } as never}
      maskClosable={false}
      destroyOnHidden
      data-testid="order-modal"
    >
      <Spin spinning={waiting}>
        {cannotEdit && (
          <Alert
            type="warning"
            showIcon
            message={refusalText(order?.orderNo ?? '', abilities.data?.refusals.edit)}
            style={{ marginBottom: 12 }}
          />
        )}
        {needsConfirm && (
          <Alert type="info" showIcon message={t('sales.form.approvedHint')} style={{ marginBottom: 12 }} />
        )}
        <Form form={form} layout="vertical" name="sale-order" disabled={cannotEdit || waiting}>
          <OrderHeaderFields
            suggestedContainer={attributes.suggestedContainer}
            onContainerChosen={() => {
              containerChosen.current = true
            }}
          />
          <Form.Item name="lines" label={t('sales.line.title')} required rules={[linesRule]}>
            <OrderLinesEditor
              attributes={attributes.byLine}
              totals={totals}
              calculating={attributes.calculating}
              showErrors={linesChecked}
              onAddProducts={() => setPicking(true)}
              addDisabledReason={branchId ? null : t('sales.line.chooseBranchFirst')}
            />
          </Form.Item>
        </Form>
      </Spin>
      <SellableProductModal
        open={picking}
        branchId={branchId}
        taken={lines.map((l) => l.productId)}
        onPick={(picked) => {
          form.setFieldValue('lines', addProducts(lines, picked))
          if (linesChecked) void form.validateFields(['lines']).catch(() => undefined)
        }}
        onClose={() => setPicking(false)}
      />
    </Modal>
  )
}
