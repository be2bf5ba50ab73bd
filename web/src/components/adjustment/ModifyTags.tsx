import { ApprovalStatus, ModifyType } from '@app/contracts'
import { Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDictText } from '../list/useDict.ts'

const TYPE_COLOURS: Record<string, string> = {
  [ModifyType.Append]: 'purple',
  [ModifyType.Add]: 'green',
  [ModifyType.Reduce]: 'orange',
}

/** One adjustment type (append, add, reduce) as a coloured tag. */
export const ModifyTypeTag = ({ type }: { type: string }) => {
  const { t } = useTranslation()
  const known = type === ModifyType.Append || type === ModifyType.Add || type === ModifyType.Reduce
  return (
    <Tag color={TYPE_COLOURS[type] ?? 'default'} data-testid="modify-type">
      {known ? t(`delivery.modify.types.${type}`) : type}
    </Tag>
  )
}

/** A request's types ('add,append' as the list keeps them). */
export const ModifyTypeTags = ({ types }: { types: unknown }) => (
  <Space size={4} wrap>
    {String(types ?? '')
      .split(',')
      .filter(Boolean)
      .map((type) => (
        <ModifyTypeTag key={type} type={type} />
      ))}
  </Space>
)

/** A request's review status as a coloured tag. */
export const RequestStatusTag = ({ status }: { status: unknown }) => {
  const dictText = useDictText()
  const colour = status === ApprovalStatus.Approved ? 'green' : status === ApprovalStatus.Rejected ? 'red' : 'blue'
  return (
    <Tag color={colour} data-testid="request-status">
      {dictText('approval_status', status)}
    </Tag>
  )
}
