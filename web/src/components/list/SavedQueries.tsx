import { DeleteOutlined } from '@ant-design/icons'
import type { MatchType, QueryCondition, SavedQuery } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Empty, Flex, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { keys } from '../../api/queries.ts'
import { listSupportApi } from '../../api/resources.ts'
import { NAME_SEARCH, namedOption } from './useRefOptions.ts'

type Props = {
  resource: string
  /** The builder's finished conditions (what 'save' keeps). */
  current: () => { conditions: QueryCondition[]; matchType: MatchType }
  onApply: (saved: SavedQuery) => void
}

/**
 * Super queries kept on the server: save the builder's conditions under a name (optionally shared
 * with roles), apply one, delete an own one. Queries shared with the user's roles are listed too.
 */
export const SavedQueries = ({ resource, current, onApply }: Props) => {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<{ name: string; roleIds?: string[] }>()
  const listKey = keys.resource.savedQueries(resource)
  const saved = useQuery({ queryKey: listKey, queryFn: () => listSupportApi.savedQueries(resource), retry: false })
  const roles = useQuery({
    queryKey: ['role', 'options'],
    queryFn: listSupportApi.roles,
    retry: false,
    staleTime: 300_000,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey })

  const save = useMutation({
    mutationFn: (v: { name: string; roleIds?: string[] }) =>
      listSupportApi.saveQuery({ resource, name: v.name.trim(), roleIds: v.roleIds ?? [], ...current() }),
    onSuccess: () => {
      void message.success(t('common.messages.success'))
      form.resetFields()
      void refresh()
    },
  })
  const remove = useMutation({
    mutationFn: listSupportApi.deleteSavedQuery,
    onSuccess: () => {
      void message.success(t('common.messages.deleted'))
      void refresh()
    },
  })

  const submit = (v: { name: string; roleIds?: string[] }) => {
    if (current().conditions.length === 0) {
      void message.warning(t('list.superQuery.nothingToSave'))
      return
    }
    save.mutate(v)
  }

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="saved-queries">
      <Typography.Text strong>{t('list.superQuery.saved')}</Typography.Text>
      {saved.isError && <Typography.Text type="secondary">{saved.error.message}</Typography.Text>}
      {saved.data?.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.superQuery.noSaved')} />
      )}
      {(saved.data ?? []).map((q) => (
        <Flex key={q.id} justify="space-between" align="center" gap={4} data-testid="saved-query-row">
          <Space size={4} wrap>
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => onApply(q)}
              data-testid="saved-query"
            >
              {q.name}
            </Button>
            {!q.owner && <Tag>{t('list.superQuery.shared')}</Tag>}
          </Space>
          {q.owner && (
            <Popconfirm
              title={t('list.confirm.delete')}
              okText={t('common.actions.ok')}
              cancelText={t('common.actions.cancel')}
              onConfirm={() => remove.mutate(q.id)}
            >
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('common.actions.delete')}
                data-testid="saved-query-delete"
              />
            </Popconfirm>
          )}
        </Flex>
      ))}
      <Form form={form} layout="vertical" onFinish={submit} data-testid="save-query-form">
        <Form.Item
          name="name"
          label={t('list.superQuery.name')}
          rules={[{ required: true, whitespace: true, message: t('list.superQuery.nameRequired') }]}
          style={{ marginBottom: 8 }}
        >
          <Input maxLength={64} />
        </Form.Item>
        {roles.data && (
          <Form.Item name="roleIds" label={t('list.superQuery.shareWith')} style={{ marginBottom: 8 }}>
            <Select
              mode="multiple"
              allowClear
              options={roles.data.map((r) => namedOption(r, i18n.language, 'roleName'))}
              showSearch={NAME_SEARCH}
            />
          </Form.Item>
        )}
        <Button htmlType="submit" loading={save.isPending} block data-testid="save-query">
          {t('list.superQuery.save')}
        </Button>
      </Form>
    </Space>
  )
}
