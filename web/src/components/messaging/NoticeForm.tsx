import {
  NOTICE_OPEN_TYPES,
  NOTICE_TARGETS,
  NOTICE_TYPES,
  type Notice,
  type NoticeDraft,
  type NoticeOpenType,
  type NoticeTarget,
  type NoticeType,
  NoticeUrlSchema,
  RECORD_RULES,
} from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Input, Radio, Select, Spin, Tabs, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messagingApi, messagingKeys } from '../../api/messaging.ts'
import { useButtonPermissions } from '../../auth/permissions.tsx'
import { keepingRule, requiredRule } from '../list/form-spec.ts'
import { NAME_SEARCH, namedOption } from '../list/useRefOptions.ts'
import { RichTextEditor } from './RichTextEditor.tsx'

type Values = {
  title: string
  titleEn?: string
  noticeType: NoticeType
  openType: NoticeOpenType
  openUrl?: string
  targetType: NoticeTarget
  targetIds?: string[]
  content: string
  contentEn?: string
}

type Props = {
  /** Edit this notice; without it the form writes a new one. */
  noticeId?: string | null
  onSaved?: (notice: Notice) => void
  onPublished?: (notice: Notice) => void
  onCancel?: () => void
}

const toDraft = (v: Values, current: { id: string; version: number } | null): NoticeDraft => ({
  ...(current ?? {}),
  title: v.title,
  content: v.content,
  // the server keeps none of an English title or text left empty (the English interface then shows the Chinese)
  titleEn: v.titleEn ?? null,
  contentEn: v.contentEn ?? null,
  noticeType: v.noticeType,
  openType: v.openType,
  openUrl: v.openType === 'url' ? v.openUrl : null,
  targetType: v.targetType,
  targetIds: v.targetType === 'all' ? [] : (v.targetIds ?? []),
})

/**
 * The notice editor (issue 6): title, type, how it opens, recipients (everyone, departments or
 * roles) and rich-text content, with an English title and text if the writer gives them (the
 * English interface shows those); 'save draft' and 'publish'. Used by the notice list screen.
 * The server sanitizes the HTML and enforces every button key.
 */
export const NoticeForm = ({ noticeId, onSaved, onPublished, onCancel }: Props) => {
  const { t, i18n } = useTranslation()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const { can } = useButtonPermissions()
  const [form] = Form.useForm<Values>()
  const [current, setCurrent] = useState<{ id: string; version: number } | null>(null)
  const [busy, setBusy] = useState<'draft' | 'publish' | null>(null)
  const [contentTab, setContentTab] = useState<'zh' | 'en'>('zh')
  const { token } = theme.useToken()
  const openType = Form.useWatch('openType', form)
  const targetType = Form.useWatch('targetType', form)

  const existing = useQuery({
    queryKey: messagingKeys.noticeForEdit(noticeId ?? ''),
    queryFn: () => messagingApi.noticeForEdit(noticeId!),
    enabled: Boolean(noticeId),
    staleTime: 0,
  })
  const targets = useQuery({ queryKey: messagingKeys.noticeTargets, queryFn: messagingApi.noticeTargets })

  useEffect(() => {
    const n = existing.data
    if (!n) return
    setCurrent({ id: n.id, version: n.version })
    form.setFieldsValue({
      title: n.title,
      titleEn: n.titleEn ?? undefined,
      noticeType: n.noticeType,
      openType: n.openType,
      openUrl: n.openUrl ?? undefined,
      targetType: n.targetType,
      targetIds: n.targetIds,
      content: n.content,
      contentEn: n.contentEn ?? '',
    })
  }, [existing.data, form])

  /** Validates the form; a missing Chinese text shows its tab, where its message is. */
  const validate = () =>
    form.validateFields().catch((error: { errorFields?: { name: (string | number)[] }[] }) => {
      if (error.errorFields?.some((f) => f.name[0] === 'content')) setContentTab('zh')
      throw error
    })

  const targetOptions =
    targetType === 'departments'
      ? (targets.data?.departments ?? []).map((d) => {
          const option = namedOption(d, i18n.language, 'name')
          return { ...option, label: `${option.label} (${d.orgCode})` }
        })
      : (targets.data?.roles ?? []).map((r) => namedOption(r, i18n.language, 'name'))

  const save = async (): Promise<Notice> => {
    const values = await validate()
    const saved = await messagingApi.saveNoticeDraft(toDraft(values, current))
    setCurrent({ id: saved.id, version: saved.version })
    void queryClient.invalidateQueries({ queryKey: messagingKeys.notices })
    return saved
  }

  const saveDraft = async () => {
    setBusy('draft')
    try {
      const saved = await save()
      message.success(t('messaging.form.saved'))
      onSaved?.(saved)
    } catch {
      // the form shows what is missing; the http client shows what the server refused
    } finally {
      setBusy(null)
    }
  }

  const publish = async () => {
    const valid = await validate().then(
      () => true,
      () => false,
    )
    if (!valid) return
    modal.confirm({
      title: t('messaging.form.publish'),
      content: t('messaging.form.publishConfirm'),
      okText: t('common.actions.ok'),
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        setBusy('publish')
        try {
          const saved = await save()
          const published = await messagingApi.publishNotice(saved.id)
          setCurrent({ id: published.id, version: published.version })
          void queryClient.invalidateQueries({ queryKey: messagingKeys.all })
          message.success(t('messaging.form.published'))
          onPublished?.(published)
        } catch {
          // shown already: by the form, or by the http client (e.g. a 510 warning)
        } finally {
          setBusy(null)
        }
      },
    })
  }

  if (noticeId && existing.isLoading) return <Spin style={{ display: 'block', margin: '40px auto' }} />
  const canSave = can(current ? 'sys_notice:edit' : 'sys_notice:add')

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        noticeType: 'announcement',
        openType: 'detail',
        targetType: 'all',
        targetIds: [],
        content: '',
        contentEn: '',
      }}
      data-testid="notice-form"
    >
      <Flex gap={24}>
        <Form.Item
          name="title"
          label={t('messaging.form.title')}
          rules={[requiredRule(t, t('messaging.form.title'))]}
          style={{ flex: 1 }}
        >
          <Input maxLength={200} showCount placeholder={t('messaging.form.titlePlaceholder')} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('messaging.form.titleEn')} style={{ flex: 1 }}>
          <Input maxLength={200} showCount placeholder={t('messaging.form.englishOptional')} />
        </Form.Item>
      </Flex>
      <Flex gap={24} wrap>
        <Form.Item name="noticeType" label={t('messaging.form.type')} style={{ minWidth: 200 }}>
          <Select options={NOTICE_TYPES.map((v) => ({ value: v, label: t(`messaging.form.types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="openType" label={t('messaging.form.openType')}>
          <Radio.Group
            options={NOTICE_OPEN_TYPES.map((v) => ({ value: v, label: t(`messaging.form.openTypes.${v}`) }))}
          />
        </Form.Item>
      </Flex>
      {openType === 'url' && (
        <Form.Item
          name="openUrl"
          label={t('messaging.form.openUrl')}
          required
          rules={[
            keepingRule(RECORD_RULES.noticeOpenUrl, (f) => f.getFieldsValue(true)),
            {
              validator: async (_, v?: string) => {
                if (v && !NoticeUrlSchema.safeParse(v).success) throw new Error(t('messaging.form.openUrlInvalid'))
              },
            },
          ]}
        >
          <Input maxLength={500} placeholder={t('messaging.form.openUrlPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item name="targetType" label={t('messaging.form.target')}>
        <Radio.Group
          options={NOTICE_TARGETS.map((v) => ({ value: v, label: t(`messaging.form.targets.${v}`) }))}
          onChange={() => form.setFieldValue('targetIds', [])}
        />
      </Form.Item>
      {targetType && targetType !== 'all' && (
        <Form.Item
          name="targetIds"
          label={t(targetType === 'departments' ? 'messaging.form.departments' : 'messaging.form.roles')}
          required
          rules={[keepingRule(RECORD_RULES.noticeTargets, (f) => f.getFieldsValue(true))]}
        >
          <Select
            placeholder={t('list.search.choose')}
            mode="multiple"
            options={targetOptions}
            loading={targets.isLoading}
            showSearch={NAME_SEARCH}
          />
        </Form.Item>
      )}
      {/* both texts stay mounted (forceRender), so the form saves the one not shown too */}
      <Tabs
        activeKey={contentTab}
        onChange={(key) => setContentTab(key as 'zh' | 'en')}
        size="small"
        items={[
          {
            key: 'zh',
            // required, marked as a required field's label is
            label: (
              <>
                <span aria-hidden style={{ color: token.colorError, marginInlineEnd: 4 }}>
                  *
                </span>
                {t('messaging.form.content')}
              </>
            ),
            forceRender: true,
            children: (
              <Form.Item
                name="content"
                rules={[
                  keepingRule(RECORD_RULES.noticeContent, (f) => ({ content: f.getFieldValue('content') ?? '' })),
                ]}
              >
                <RichTextEditor aria-label={t('messaging.form.content')} />
              </Form.Item>
            ),
          },
          {
            key: 'en',
            label: t('messaging.form.contentEn'),
            forceRender: true,
            children: (
              <Form.Item name="contentEn" extra={t('messaging.form.englishOptional')}>
                <RichTextEditor aria-label={t('messaging.form.contentEn')} />
              </Form.Item>
            ),
          },
        ]}
      />
      <Flex gap={8} justify="flex-end">
        {onCancel && <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>}
        <Button onClick={saveDraft} loading={busy === 'draft'} disabled={!canSave} data-testid="notice-save-draft">
          {t('messaging.form.saveDraft')}
        </Button>
        {can('sys_notice:publish') && (
          <Button
            type="primary"
            onClick={publish}
            loading={busy === 'publish'}
            disabled={!canSave}
            data-testid="notice-publish"
          >
            {t('messaging.form.publish')}
          </Button>
        )}
      </Flex>
    </Form>
  )
}
