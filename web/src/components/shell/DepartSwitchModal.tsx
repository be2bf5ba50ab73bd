import { type Depart, localName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Form, Modal, Select, Spin } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { keys, queryClient } from '../../api/queries.ts'
import { systemApi } from '../../api/system.ts'
import { session, useSession } from '../../auth/session.ts'
import { isBusinessQuery } from '../../layout/query-scope.ts'

/**
 * Department switch (SPEC 4 / 5): a department must be chosen (the select shows an error state
 * otherwise); without any department the dialog says it has not been set. The answer's user info
 * replaces the stored one (7 days), so the header's welcome line shows the new department at once,
 * and every department-scoped list is fetched again.
 */
export const DepartSwitchModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const { userInfo } = useSession()
  const [form] = Form.useForm<{ orgCode?: string }>()
  const [saving, setSaving] = useState(false)
  const departs = useQuery({ queryKey: keys.departs, queryFn: systemApi.currentDeparts, enabled: open, staleTime: 0 })
  const list = departs.data?.list ?? []
  const nameOf = (d: Depart) => localName(d, i18n.language, 'departName')
  const current = departs.data?.orgCode ?? userInfo?.orgCode ?? undefined

  const close = () => {
    form.resetFields()
    onClose()
  }

  const submit = async () => {
    const { orgCode } = await form.validateFields()
    const chosen = list.find((d) => d.orgCode === orgCode)
    if (!orgCode || !chosen) return
    setSaving(true)
    try {
      const { userInfo: next } = await systemApi.selectDepart(orgCode, userInfo?.username)
      session.setUserInfo(next)
      await queryClient.invalidateQueries({ predicate: isBusinessQuery })
      void message.success(t('shell.depart.switched', { name: nameOf(chosen) }))
      close()
    } catch {
      // the http client has shown the server's refusal
    } finally {
      setSaving(false)
    }
  }

  const empty = departs.isSuccess && list.length === 0
  return (
    <Modal
      open={open}
      title={t('shell.depart.title')}
      okText={t('common.actions.ok')}
      cancelText={t('common.actions.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      okButtonProps={{ disabled: !departs.isSuccess || empty }}
      confirmLoading={saving}
      data-testid="depart-dialog"
    >
      {departs.isPending && open && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {departs.isError && <Alert type="error" showIcon title={t('shell.depart.loadFailed')} />}
      {empty && <Alert type="warning" showIcon title={t('shell.depart.notSet')} data-testid="depart-not-set" />}
      <Form
        form={form}
        layout="vertical"
        hidden={!departs.isSuccess || empty}
        initialValues={{ orgCode: current }}
        key={current ?? 'none'}
      >
        <Form.Item
          name="orgCode"
          label={t('shell.depart.label')}
          rules={[{ required: true, message: t('shell.depart.required') }]}
        >
          <Select
            allowClear
            placeholder={t('shell.depart.placeholder')}
            data-testid="depart-select"
            options={list.map((d) => ({
              value: d.orgCode,
              label: d.orgCode === current ? `${nameOf(d)} (${t('shell.depart.current')})` : nameOf(d),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
