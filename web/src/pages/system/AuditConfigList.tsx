import { PlusOutlined } from '@ant-design/icons'
import { type AuditBusiness, type AuditConfig, localName } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Flex, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys } from '../../api/approval.ts'
import { rowsLoading, SCREEN_ROWS } from '../../api/queries.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { AuditProcessModal } from '../../components/approval/AuditProcess.tsx'
import { BusinessFilter } from '../../components/approval/BusinessFilter.tsx'
import { useDictText } from '../../components/list/useDict.ts'
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
  return (
    <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
      <AuthButton perm={`${MENU}:add`} type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="add">
        {t('common.actions.add')}
      </AuthButton>
      <Space wrap>
        <BusinessFilter value={business} onChange={onBusiness} />
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

/** Asks before deleting a flow; then says whether it went and reloads the list either way. */
const useRemove = (refresh: () => Promise<void>) => {
  const { t, i18n } = useTranslation()
  const { modal, message } = App.useApp()
  return (config: AuditConfig) =>
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
}

/** A flow's actions, each by its permission: its steps as a process, edit, delete. */
const Actions = ({
  config,
  onShow,
  onRemove,
}: {
  config: AuditConfig
  onShow: (shown: Shown) => void
  onRemove: (config: AuditConfig) => void
}) => {
  const { t } = useTranslation()
  return (
    <Space size={0}>
      <AuthButton perm={`${MENU}:view`} type="link" size="small" onClick={() => onShow({ mode: 'process', config })}>
        {t('approval.config.process')}
      </AuthButton>
      <AuthButton perm={`${MENU}:edit`} type="link" size="small" onClick={() => onShow({ mode: 'form', config })}>
        {t('common.actions.edit')}
      </AuthButton>
      <AuthButton perm={`${MENU}:delete`} type="link" size="small" danger onClick={() => onRemove(config)}>
        {t('common.actions.delete')}
      </AuthButton>
    </Space>
  )
}

/** The list's columns: names in the interface language, dictionary texts, the last change, the actions. */
const useColumns = (actions: (config: AuditConfig) => ReactNode): TableColumnsType<AuditConfig> => {
  const { t, i18n } = useTranslation()
  const dictText = useDictText()
  return [
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
    { title: t('common.fields.actions'), key: 'actions', render: (_, c) => actions(c) },
  ]
}

/**
 * Audit configuration (/sys/auditConfig, issue 5): per business, flows of ordered steps (department
 * and role, time limit), repeat audit, rejection flow and the self-approval ban; one flow per
 * business is in force. 'View' shows a flow as steps (the audit process modal).
 */
export const AuditConfigList = () => {
  const queryClient = useQueryClient()
  const [business, setBusiness] = useState<AuditBusiness | undefined>()
  const [keyword, setKeyword] = useState('')
  const [shown, setShown] = useState<Shown>(null)
  const configsKey = approvalKeys.configs(business, undefined, keyword)
  const configs = useQuery({
    queryKey: configsKey,
    queryFn: () => approvalApi.allConfigs({ business, keyword: keyword || undefined }),
    ...SCREEN_ROWS,
  })
  const { data } = configs
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['approval', 'configs'] })
  const remove = useRemove(refresh)
  const columns = useColumns((c) => <Actions config={c} onShow={setShown} onRemove={remove} />)

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
        loading={rowsLoading(configs, queryClient.getQueryState(configsKey))}
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
