import { useQuery } from '@tanstack/react-query'
import { Form, Select, TreeSelect, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { adminApi, adminKeys } from '../../api/admin.ts'
import { salesApi } from '../../api/sales.ts'
import { NAME_SEARCH, namedOption, TREE_NAME_SEARCH, useDepartmentTreeByCode } from '../list/useRefOptions.ts'
import { NoteModal } from '../NoteModal.tsx'
import type { OrderRef } from './useOrderActions.tsx'

type Props = { order: OrderRef | null; onClose: () => void; onDone: () => void }
type Values = { roleCode: string; deptCode?: string; content: string }

/**
 * A sub-flow request (SPEC 2 'sub-apply'): the current reviewer asks another role, optionally in
 * one department, about the order; the step waits for the answer.
 */
export const SubApplyModal = ({ order, onClose, onDone }: Props) => {
  const { t, i18n } = useTranslation()
  const departments = useDepartmentTreeByCode()
  const roles = useQuery({ queryKey: adminKeys.roles, queryFn: adminApi.roles, enabled: order !== null })
  const roleOptions = (roles.data ?? []).map((r) => namedOption(r, i18n.language, 'roleName', r.roleCode))

  return (
    <NoteModal<OrderRef, Values>
      target={order}
      title={t('sales.subApply.title', { orderNo: order?.orderNo ?? '' })}
      name="sub-apply"
      intro={<Typography.Paragraph type="secondary">{t('sales.subApply.hint')}</Typography.Paragraph>}
      note={{
        name: 'content',
        label: t('sales.subApply.content'),
        required: t('sales.subApply.contentRequired'),
        testId: 'sub-apply-content',
      }}
      submit={(o, values) =>
        salesApi.subApply({
          orderId: o.id,
          roleCode: values.roleCode,
          deptCode: values.deptCode || null,
          content: values.content,
        })
      }
      done={t('sales.subApply.done')}
      onDone={onDone}
      onClose={onClose}
      testId="sub-apply-modal"
      submitTestId="sub-apply-submit"
    >
      <Form.Item
        name="roleCode"
        label={t('sales.subApply.role')}
        rules={[{ required: true, message: t('sales.subApply.roleRequired') }]}
      >
        <Select
          placeholder={t('list.search.choose')}
          showSearch={NAME_SEARCH}
          options={roleOptions}
          loading={roles.isLoading}
          data-testid="sub-apply-role"
        />
      </Form.Item>
      <Form.Item name="deptCode" label={t('sales.subApply.department')}>
        <TreeSelect
          placeholder={t('list.search.choose')}
          allowClear
          showSearch={TREE_NAME_SEARCH}
          treeDefaultExpandAll
          treeData={departments}
          data-testid="sub-apply-department"
        />
      </Form.Item>
    </NoteModal>
  )
}
