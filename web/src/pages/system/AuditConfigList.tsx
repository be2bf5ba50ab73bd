import { PlusOutlined } from '@ant-design/icons'
import { type AuditBusiness, type AuditConfig, localName } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Flex, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys } from '../../api/approval.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { AuditProcessModal } from '../../components/approval/AuditProcess.tsx'
import { useDict, useDictText } from '../../components/list/useDict.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'
import { AuditConfigForm } from './AuditConfigForm.tsx'

const MENU = 'sys_audit_config'
type Shown = { mode: 'form'; config: AuditConfig | null } | { mode: 'process'; config: AuditConfig } | null

/** Add, and the list's filters: a business, and a flow's or a step's name in either language. */
const Toolbar = ({
  business,
  onBusiness,
  onKeyword,
  onAdd,
}: {
  business: AuditBusiness | undefined
  onBusiness: (business: AuditBusiness | undefined) => void
  onKeyword: (keyword: string) => void
  onAdd: () => void
}) => {
  const { t } = useTranslation()
  const businesses = useDict('audit_business')
  return (
    <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
      <AuthButton perm={`${MENU}:add`} type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="add">
        {t('common.actions.add')}
      </AuthButton>
      <Space wrap>
        <Select
          allowClear
          placeholder={t('approval.config.allBusinesses')}
          aria-label={t('approval.config.business')}
          options={businesses}
          value={business}
          onChange={(v) => onBusiness(v as AuditBusiness | undefined)}
          style={{ minWidth: 200 }}
        />
        <Input.Search
          allowClear
          placeholder={t('approval.config.searchName')}
          aria-label={t('approval.config.searchName')}
          onSearch={(v) => onKeyword(v.trim())}
          style={{ width: 260 }}
          data-testid="audit-config-search"
        />
      </Space>
    </Flex>
  )
}

/**
 * Audit configuration (/sys/auditConfig, issue 5): per business, flows of ordered steps (department
 * and role, time limit), repeat audit, rejection flow and the self-approval ban; one flow per
 * business is in force. 'View' shows a flow as steps (the audit process modal).
 */
export const AuditConfigList = () => {
  const { t, i18n } = useTranslation()
  const { modal, message } = App.useApp()
  const queryClient = useQueryClient()
  const dictText = useDictText()
  const [business, setBusiness] = useState<AuditBusiness | undefined>()
  const [keyword, setKeyword] = useState('')
  const [shown, setShown] = useState<Shown>(null)
  const { data, isFetching } = useQuery({
    queryKey: approvalKeys.configs(business, undefined, keyword),
    queryFn: () => approvalApi.allConfigs({ business, keyword: keyword || undefined }),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['approval', 'configs'] })

  const remove = (config: AuditConfig) =>
    modal.confirm({
      title: t('list.confirm.delete'),
      content: t('approval.config.deleteConfirm', { name: localName(config, i18n.language) }),
      okText: t('common.actions.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        const removed = await approvalApi.removeConfig(config.id).then(
          () => true,
          () => false, // the http client has shown the refusal
        )
        if (removed) void message.success(t('common.messages.deleted'))
        await refresh()
      },
    })

  const columns: TableColumnsType<AuditConfig> = [
    { title: t('approval.config.name'), dataIndex: 'name', render: (_, c) => localName(c, i18n.language) },
    { title: t('approval.config.business'), dataIndex: 'business', render: (v) => dictText('audit_business', v) },
    {
      title: t('approval.config.steps'),
      dataIndex: 'steps',
      render: (_, c) => <Typography.Text>{c.steps.map((s) => s.roleName ?? s.roleCode).join(' → ')}</Typography.Text>,
    },
    {
      title: t('approval.config.repeatAudit'),
      dataIndex: 'repeatAudit',
      render: (v: boolean) => (v ? t('approval.config.yes') : t('approval.config.no')),
    },
    {
      title: t('approval.config.rejectFlow'),
      dataIndex: 'rejectFlow',
      render: (v) => dictText('audit_reject_flow', v),
    },
    {
      title: t('approval.config.status'),
      dataIndex: 'status',
      render: (v) =>
        v === '1' ? <Tag color="green">{t('approval.config.inForce')}</Tag> : <Tag>{t('approval.config.aside')}</Tag>,
    },
    {
      title: t('common.fields.updateAt'),
      dataIndex: 'updateAt',
      render: (v: string | null, c) => dayjs(v ?? c.createAt).format(DATETIME_FORMAT),
    },
    {
      title: t('common.fields.actions'),
      key: 'actions',
      render: (_, c) => (
        <Space size={0}>
          <AuthButton
            perm={`${MENU}:view`}
            type="link"
            size="small"
            onClick={() => setShown({ mode: 'process', config: c })}
          >
            {t('approval.config.process')}
          </AuthButton>
          <AuthButton
            perm={`${MENU}:edit`}
            type="link"
            size="small"
            onClick={() => setShown({ mode: 'form', config: c })}
          >
            {t('common.actions.edit')}
          </AuthButton>
          <AuthButton perm={`${MENU}:delete`} type="link" size="small" danger onClick={() => remove(c)}>
            {t('common.actions.delete')}
          </AuthButton>
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="audit-config-list">
      <Toolbar
        business={business}
        onBusiness={setBusiness}
        onKeyword={setKeyword}
        onAdd={() => setShown({ mode: 'form', config: null })}
      />
      <Table<AuditConfig>
        rowKey="id"
        columns={columns}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        size="middle"
      />
      <AuditConfigForm
        open={shown?.mode === 'form'}
        editing={shown?.mode === 'form' ? shown.config : null}
        onClose={() => setShown(null)}
        onSaved={() => {
          setShown(null)
          void refresh()
        }}
      />
      <AuditProcessModal config={shown?.mode === 'process' ? shown.config : null} onClose={() => setShown(null)} />
    </div>
  )
}
export default AuditConfigList
