import { App, Form, type FormInstance, Input, Modal, Spin } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../api/http.ts'

/** The required text field every such modal ends with: a reason, a review note, a reply. */
export type NoteField = {
  /** The form field's name, as the call takes it (`note`, `reason`, `content`, ...). */
  name: string
  label: ReactNode
  /** Shown when the field is empty or only spaces. */
  required: string
  placeholder?: string
  /** 500 unless given. */
  maxLength?: number
  /** 4 unless given. */
  rows?: number
  testId?: string
}

type Props<T, V, R> = {
  /** What the modal acts on; it is open while there is one unless `open` says otherwise. */
  target: T | null | undefined
  open?: boolean
  title: ReactNode
  /** The form's name (it prefixes the fields' ids, which their labels point at). */
  name: string
  /** A form the caller watches (a decision changing the note's label); one of its own otherwise. */
  form?: FormInstance<V>
  initialValues?: Partial<V>
  note: NoteField
  /** Shown above the form, e.g. a hint or the text replied to. */
  intro?: ReactNode
  /** Fields above the note. */
  children?: ReactNode
  /** The body waits under a spinner (e.g. while the target is read). */
  loading?: boolean
  /** The call, with the note trimmed. */
  submit: (target: T, values: V) => Promise<R>
  /** The success message; none when the caller reports the outcome itself. */
  done?: string | ((values: V) => string)
  /** After the call succeeded and before the modal closes (e.g. refresh what it changed). */
  onDone?: (result: R, values: V) => unknown
  onClose: () => void
  /** A failure is shown as a message unless the call's client shows it already. */
  reportFailure?: boolean
  okText?: string
  danger?: boolean
  testId?: string
  submitTestId?: string
}

/**
 * A modal whose form ends with a required note (whitespace alone refused): submit calls the
 * server with the trimmed note, then a success message and close; a failure is shown and the
 * modal stays open with what was typed.
 */
export const NoteModal = <T, V extends object, R = unknown>({
  target,
  open,
  title,
  name,
  form: given,
  initialValues,
  note,
  intro,
  children,
  loading,
  submit,
  done,
  onDone,
  onClose,
  reportFailure = true,
  okText,
  danger,
  testId,
  submitTestId,
}: Props<T, V, R>) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [own] = Form.useForm<V>()
  const form = given ?? own
  const [saving, setSaving] = useState(false)

  const save = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values || target === null || target === undefined) return
    const trimmed = { ...values, [note.name]: String((values as Record<string, unknown>)[note.name] ?? '').trim() }
    setSaving(true)
    try {
      const result = await submit(target, trimmed)
      if (done) void message.success(typeof done === 'string' ? done : done(trimmed))
      await onDone?.(result, trimmed)
      onClose()
    } catch (e) {
      if (reportFailure) void message.error(failureText(e))
    } finally {
      setSaving(false)
    }
  }

  const body = (
    <>
      {intro}
      <Form form={form} layout="vertical" name={name} initialValues={initialValues}>
        {children}
        <Form.Item
          name={note.name}
          label={note.label}
          rules={[{ required: true, whitespace: true, message: note.required }]}
        >
          <Input.TextArea
            rows={note.rows ?? 4}
            maxLength={note.maxLength ?? 500}
            showCount
            placeholder={note.placeholder}
            data-testid={note.testId}
          />
        </Form.Item>
      </Form>
    </>
  )

  return (
    <Modal
      open={open ?? (target !== null && target !== undefined)}
      title={title}
      onOk={() => void save()}
      onCancel={onClose}
      okText={okText ?? t('common.actions.submit')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={
        {
          danger,
          disabled: target === null || target === undefined,
          'data-testid': submitTestId,
        } as never
      }
      confirmLoading={saving}
      destroyOnHidden
      data-testid={testId}
    >
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
    </Modal>
  )
}
