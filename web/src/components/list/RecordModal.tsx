import { App, Form, Modal, Spin } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResourceRecord } from '../../api/resources.ts'
import { modalWidth } from '../../config/constants.ts'
import { formSpecs, initialValues, toFormValues, toPayload } from './form-spec.ts'
import { RecordForm } from './RecordForm.tsx'
import { onLineIn, saveFailureOf } from './save-errors.ts'
import type { FormMode, ListModalProps } from './types.ts'
import { useFilledFrom } from './useFilledFrom.ts'
import { useRecord } from './useRecord.ts'

export type RecordTarget = { mode: FormMode; id?: string }

type Props = ListModalProps & { target: RecordTarget; onSaved: (record: ResourceRecord) => void }

/**
 * Add or edit one record in a modal (width by SPEC 9): the generated form, server refusals shown on
 * their fields, the version sent with an edit and a stale edit (409) explained with a reload offer.
 */
export const RecordModal = ({ list, api, target, open, title, label, onClose, afterClose, onSaved }: Props) => {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const [form] = Form.useForm()
  const [saving, setSaving] = useState(false)
  const specs = useMemo(() => formSpecs(list.input, list.resource, list.form, target.mode), [list, target.mode])
  const editing = target.mode === 'edit' ? target.id : undefined
  const record = useRecord(list.resource.name, api, editing)

  // the record as the form shows it, each time a (fresh) copy arrives
  const fresh = record.isFetchedAfterMount ? record.data : undefined
  const filled = useFilledFrom(fresh, open, (r) => void form.setFieldsValue(toFormValues(specs, r)))

  const offerReload = () =>
    modal.confirm({
      title: t('list.stale.title'),
      content: t('list.stale.content'),
      okText: t('list.stale.reload'),
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        const reloaded = await record.refetch()
        if (reloaded.data) {
          form.resetFields()
          form.setFieldsValue(toFormValues(specs, reloaded.data))
        }
      },
    })

  const save = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    const payload = toPayload(specs, values)
    setSaving(true)
    try {
      const saved =
        target.mode === 'add'
          ? await api.add(payload)
          : await api.edit({
              ...payload,
              id: editing as string,
              version: (fresh as ResourceRecord).version,
            })
      void message.success(t('common.messages.success'))
      onSaved(saved)
    } catch (e) {
      const failure = saveFailureOf(
        e,
        specs.map((s) => s.name),
        t('common.http.requestError'),
        onLineIn(t),
      )
      if (failure.kind === 'fields') form.setFields(failure.fields)
      else if (failure.kind === 'stale') offerReload()
      else void message.error(failure.text)
    } finally {
      setSaving(false)
    }
  }

  const loading = target.mode === 'edit' && !filled
  return (
    <Modal
      open={open}
      title={title}
      width={modalWidth()}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading, 'data-testid': 'record-save' } as never}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="record-modal"
    >
      <Spin spinning={loading}>
        <RecordForm
          name={`record-${list.resource.name}`}
          form={form}
          specs={specs}
          mode={target.mode}
          label={label}
          unique={(list.resource.unique ?? []) as readonly string[]}
          recordRules={list.resource.rules}
          table={list.table}
          recordId={editing}
          loading={loading}
          initialValues={target.mode === 'add' ? initialValues(specs) : undefined}
        />
      </Spin>
    </Modal>
  )
}
