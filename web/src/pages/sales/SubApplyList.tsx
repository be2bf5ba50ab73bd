import {
  ApprovalStatus,
  isOpenApproval,
  localName,
  type SubApply,
  SubApplyAddSchema,
  subApplyResource,
} from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Descriptions, Form, Radio, Select, Spin, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { keys } from '../../api/queries.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { salesReviewApi, salesReviewKeys } from '../../api/sales-review.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList, type ListDeclaration, type RecordViewerProps } from '../../components/list/types.ts'
import { useDictText } from '../../components/list/useDict.ts'
import { useFieldLabel, useResourceTitle } from '../../components/list/useFieldLabel.ts'
import { NAME_SEARCH, namedOption, refQuery } from '../../components/list/useRefOptions.ts'
import { useShown } from '../../components/list/useShown.ts'
import { ViewModal } from '../../components/list/ViewModal.tsx'
import { NoteModal } from '../../components/NoteModal.tsx'
import { OrderLink } from '../../components/sales-review/OrderLink.tsx'
import { useRequestFromMessage } from '../../components/sales-review/useRequestFromMessage.ts'
import { DATETIME_FORMAT } from '../../config/constants.ts'

const MENU = subApplyResource.menu
type Field = keyof typeof subApplyResource.fields
type Target = { id: string; orderNo: string }

const isOpen = (status: unknown) => isOpenApproval(status as string | null)
const when = (d: unknown) => (d ? dayjs(d as string).format(DATETIME_FORMAT) : '')
const statusColor = (s: unknown) =>
  s === ApprovalStatus.Approved ? 'green' : s === ApprovalStatus.Rejected ? 'red' : 'blue'

/** Role and department names of the codes a request asks (every role; departments by org code). */
const useNames = () => {
  const { i18n } = useTranslation()
  const { data: roles } = useQuery({ queryKey: adminKeys.roles, queryFn: adminApi.roles, staleTime: 5 * 60_000 })
  const { data: departs } = useQuery(refQuery('department'))
  return useMemo(() => {
    const roleNames = new Map((roles ?? []).map((r) => [r.roleCode, localName(r, i18n.language, 'roleName')]))
    const deptNames = new Map(
      (departs ?? []).map((d) => [String(d.orgCode), localName(d, i18n.language, 'departName')]),
    )
    return {
      role: (code: unknown) => (code ? (roleNames.get(String(code)) ?? String(code)) : ''),
      dept: (code: unknown) => (code ? (deptNames.get(String(code)) ?? String(code)) : ''),
      roleOptions: (roles ?? []).map((r) => namedOption(r, i18n.language, 'roleName', r.roleCode)),
      deptOptions: (departs ?? []).map((d) => namedOption(d, i18n.language, 'departName', String(d.orgCode))),
    }
  }, [roles, departs, i18n.language])
}

/** Agree or disagree with a request, with a reply (required). */
const ReplyModal = ({ target, onClose }: { target: Target | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return (
    <NoteModal<Target, { decision: 'approve' | 'reject'; note: string }>
      target={target}
      title={t('salesReview.subApply.replyTitle', { no: target?.orderNo ?? '' })}
      name="sub-apply-reply"
      initialValues={{ decision: 'approve', note: '' }}
      note={{
        name: 'note',
        label: t('salesReview.subApply.note'),
        required: t('salesReview.subApply.noteRequired'),
        placeholder: t('salesReview.subApply.notePlaceholder'),
      }}
      submit={(request, { decision, note }) => salesReviewApi.reply({ id: request.id, decision, note })}
      done={t('salesReview.subApply.replied')}
      onDone={() => queryClient.invalidateQueries({ queryKey: keys.resource.all(subApplyResource.name) })}
      onClose={onClose}
      testId="sub-apply-reply-modal"
      submitTestId="sub-apply-reply-save"
    >
      <Form.Item name="decision" label={t('salesReview.subApply.decision')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'approve', label: t('salesReview.subApply.approve') },
            { value: 'reject', label: t('salesReview.subApply.reject') },
          ]}
        />
      </Form.Item>
    </NoteModal>
  )
}

/** One request: the order, the step and who is asked, the question, and the answer once given. */
const SubApplyView = ({ record, open, title, onClose, afterClose }: RecordViewerProps) => {
  const { t } = useTranslation()
  const label = useFieldLabel(subApplyResource.name)
  const dictText = useDictText()
  const names = useNames()
  const [replying, setReplying] = useState<Target | null>(null)
  const { data } = useQuery({
    queryKey: salesReviewKeys.subApply(record.id),
    queryFn: () => salesReviewApi.subApply(record.id),
    enabled: open,
    staleTime: 0,
  })
  const r: SubApply | undefined = data
  return (
    <ViewModal open={open} title={title} onClose={onClose} afterClose={afterClose} data-testid="sub-apply-view">
      <Spin spinning={!r}>
        {r && (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'orderNo',
                label: label('orderNo'),
                children: <OrderLink orderId={r.orderId} orderNo={r.orderNo} />,
              },
              {
                key: 'status',
                label: label('status'),
                children: <Tag color={statusColor(r.status)}>{dictText('approval_status', r.status)}</Tag>,
              },
              { key: 'stepNo', label: label('stepNo'), children: t('salesReview.subApply.step', { no: r.stepNo }) },
              {
                key: 'asked',
                label: t('salesReview.subApply.asked'),
                children: [
                  names.role(r.roleCode),
                  r.deptCode ? names.dept(r.deptCode) : t('salesReview.subApply.anyDept'),
                ]
                  .filter(Boolean)
                  .join(' · '),
              },
              { key: 'requesterName', label: label('requesterName'), children: r.requesterName },
              { key: 'createAt', label: label('createAt'), children: when(r.createAt) },
              {
                key: 'content',
                label: label('content'),
                span: 'filled',
                children: (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.content}</Typography.Paragraph>
                ),
              },
              {
                key: 'replyNote',
                label: label('replyNote'),
                span: 'filled',
                children: r.replyNote ? (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {r.replyNote}
                  </Typography.Paragraph>
                ) : (
                  <Typography.Text type="secondary">{t('salesReview.subApply.noReply')}</Typography.Text>
                ),
              },
              { key: 'replierName', label: label('replierName'), children: r.replierName },
              { key: 'repliedAt', label: label('repliedAt'), children: when(r.repliedAt) },
            ]}
          />
        )}
        {r && isOpen(r.status) && (
          <div style={{ marginTop: 16, textAlign: 'right' }}>
            <AuthButton
              perm={`${MENU}:audit`}
              type="primary"
              onClick={() => setReplying({ id: r.id, orderNo: r.orderNo })}
              data-testid="sub-apply-view-reply"
            >
              {t('salesReview.subApply.reply')}
            </AuthButton>
          </div>
        )}
      </Spin>
      <ReplyModal target={replying} onClose={() => setReplying(null)} />
    </ViewModal>
  )
}

/**
 * Sub-flow requests (/sale/subApplyList, issue 15): a reviewer of an order asks another role
 * something before deciding their step; each user sees the requests asked of their roles and the
 * ones they made. Reply (agree or not, with a note) to an open one; view one with its order.
 */
export const SubApplyList = () => {
  const { t } = useTranslation()
  const title = useResourceTitle(subApplyResource.name)
  const fromMessage = useShown<ResourceRecord>()
  useRequestFromMessage(subApplyResource, fromMessage.show)
  const { message } = App.useApp()
  const names = useNames()
  const [replying, setReplying] = useState<Target | null>(null)
  const reply = useCallback(
    (row: ResourceRecord) => {
      if (isOpen(row.status)) setReplying({ id: row.id, orderNo: String(row.orderNo ?? '') })
      else void message.warning(t('salesReview.subApply.notPending'))
    },
    [message, t],
  )
  const { role, roleOptions, deptOptions } = names
  const list = useMemo(
    (): ListDeclaration<Field> =>
      defineList({
        resource: subApplyResource,
        input: SubApplyAddSchema,
        without: ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'],
        columnOrder: ['orderNo', 'stepNo', 'roleCode', 'content', 'status', 'requesterName', 'createAt'],
        columns: {
          stepNo: { width: 90, render: (v) => t('salesReview.subApply.step', { no: v }) },
          roleCode: { render: (v) => role(v) },
        },
        search: {
          roleCode: {
            render: () => (
              <Select placeholder={t('list.search.choose')} allowClear showSearch={NAME_SEARCH} options={roleOptions} />
            ),
          },
          deptCode: {
            render: () => (
              <Select placeholder={t('list.search.choose')} allowClear showSearch={NAME_SEARCH} options={deptOptions} />
            ),
          },
        },
        toolbar: [
          {
            key: 'reply',
            perm: 'audit',
            label: t('salesReview.subApply.reply'),
            selection: 'one',
            onClick: ([row]) => reply(row as ResourceRecord),
          },
        ],
        viewer: SubApplyView,
      }),
    [t, role, roleOptions, deptOptions, reply],
  )
  return (
    <>
      <ListPage list={list as ListDeclaration} />
      {fromMessage.shown && (
        <SubApplyView
          record={fromMessage.shown.target}
          open={fromMessage.shown.open}
          title={t('list.modal.view', { name: title })}
          onClose={fromMessage.hide}
          afterClose={fromMessage.gone}
        />
      )}
      <ReplyModal target={replying} onClose={() => setReplying(null)} />
    </>
  )
}
export default SubApplyList
