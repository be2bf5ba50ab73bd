import { useQuery } from '@tanstack/react-query'
import { App, Form, Input, Modal, Select, TreeSelect, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { failureText } from '../../api/http.ts'
import { salesApi } from '../../api/sales.ts'
import { recordLabel, refQuery, treeOf } from '../list/useRefOptions.ts'
import type { OrderRef } from './useOrderActions.tsx'

type Props = { order: OrderRef | null; onClose: () => void; onDone: () => void }
type Values = { roleCode: string; deptCode?: string; content: string }

/** Departments as a tree whose values are org codes (a request names its department by org code). */
const useDepartmentsByCode = () => {
  const { i18n } = useTranslation()
  const { data } = useQuery(refQuery('department'))
  return useMemo(() => {
    const records = data ?? []
    const codeOf = new Map(records.map((r) => [r.id, String(r.orgCode)]))
    const relabel = (nodes: ReturnType<typeof treeOf>): ReturnType<typeof treeOf> =>
      nodes.map((n) => ({ ...n, value: codeOf.get(n.value) ?? n.value, children: n.children && relabel(n.children) }))
    return relabel(treeOf(records, (r) => recordLabel(r, 'departName', i18n.language)))
  }, [data, i18n.language])
}

/**
 * A sub-flow request (SPEC 2 'sub-apply'): the current reviewer asks another role, optionally in
 * one department, about the order; the step waits for the answer.
 */
export const SubApplyModal = ({ order, onClose, onDone }: Props) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const departments = useDepartmentsByCode()
  const roles = useQuery({ queryKey: adminKeys.roles, queryFn: adminApi.roles, enabled: order !== null })
  const roleOptions = (roles.data ?? []).map((r) => ({
    value: r.roleCode,
    label: (i18n.language === 'en' && r.roleNameEn) || r.roleName,
  }))

  const submit = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values || !order) return
    setSaving(true)
    try {
      await salesApi.subApply({
        orderId: order.id,
        roleCode: values.roleCode,
        deptCode: values.deptCode || null,
        content: values.content.trim(),
      })
      void message.success(t('sales.subApply.done'))
      onDone()
      onClose()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={order !== null}
      title={t('sales.subApply.title', { orderNo: order?.orderNo ?? '' })}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('common.actions.submit')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ 'data-testid': 'sub-apply-submit' } as never}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="sub-apply-modal"
    >
      <Typography.Paragraph type="secondary">{t('sales.subApply.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="sub-apply">
        <Form.Item
          name="roleCode"
          label={t('sales.subApply.role')}
          rules={[{ required: true, message: t('sales.subApply.roleRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={roleOptions}
            loading={roles.isLoading}
            data-testid="sub-apply-role"
          />
        </Form.Item>
        <Form.Item name="deptCode" label={t('sales.subApply.department')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={departments}
            data-testid="sub-apply-department"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('sales.subApply.content')}
          rules={[{ required: true, whitespace: true, message: t('sales.subApply.contentRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="sub-apply-content" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
