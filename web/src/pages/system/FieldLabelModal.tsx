import { App, Descriptions, Form, Input, Modal } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi } from '../../api/admin.ts'
import { failureText } from '../../api/http.ts'
import type { FieldLabelRow } from './field-labels.ts'

type Props = {
  /** The field being edited, or null when the modal is closed. */
  row: FieldLabelRow | null
  resourceTitle: (resource: string) => string
  onClose: () => void
  /** After a save: the caller refetches the code table. */
  onSaved: () => Promise<unknown>
}

type Values = { zh: string; en: string }

/** Edits a field's label in both languages; starts from the override, else the bundled labels. */
export const FieldLabelModal = ({ row, resourceTitle, onClose, onSaved }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  // the closing modal keeps showing the field it had
  const last = useRef<FieldLabelRow | null>(null)
  if (row) last.current = row
  const shown = row ?? last.current

  const save = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values || !row) return
    setSaving(true)
    try {
      await adminApi.saveFieldLabel({ key: row.key, zh: values.zh.trim(), en: values.en.trim() })
      await onSaved()
      void message.success(t('admin.language.saved'))
      onClose()
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  const required = [{ required: true, whitespace: true, message: t('admin.language.required') }]
  return (
    <Modal
      open={Boolean(row)}
      title={
        shown ? t('admin.language.editTitle', { resource: resourceTitle(shown.resource), field: shown.field }) : null
      }
      onOk={() => void save()}
      onCancel={onClose}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'field-label-save' } as never}
      destroyOnHidden
      data-testid="field-label-modal"
    >
      {shown && (
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('admin.language.bundledZh')}>{shown.bundled.zh}</Descriptions.Item>
          <Descriptions.Item label={t('admin.language.bundledEn')}>{shown.bundled.en}</Descriptions.Item>
        </Descriptions>
      )}
      <Form
        form={form}
        key={shown?.key}
        initialValues={shown?.custom ?? shown?.bundled}
        layout="vertical"
        name="field-label"
      >
        <Form.Item name="zh" label={t('admin.language.labelZh')} rules={required}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="en" label={t('admin.language.labelEn')} rules={required}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
