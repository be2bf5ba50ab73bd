import { PlusOutlined } from '@ant-design/icons'
import type { FieldMeta, MatchType, QueryCondition, SavedQuery } from '@app/contracts'
import { App, Button, Col, Modal, Radio, Row, Space, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConditionRow } from './ConditionRow.tsx'
import { SavedQueries } from './SavedQueries.tsx'
import { type ConditionDraft, superQueryFields, toCondition, toDraft } from './super-query.ts'
import type { SuperQueryState } from './useListState.ts'

type Props = {
  resource: string
  fields: Record<string, FieldMeta>
  label: (field: string) => string
  open: boolean
  /** The super query in force (the builder starts from it). */
  active: SuperQueryState | undefined
  onApply: (query: SuperQueryState | undefined) => void
  onClose: () => void
}

let nextKey = 0
const newKey = () => `c${++nextKey}`

const draftsOf = (fields: Record<string, FieldMeta>, conditions: readonly QueryCondition[]): ConditionDraft[] =>
  conditions.map((c) => toDraft(fields[c.field], c, newKey()))

/**
 * The super-query builder (SPEC 7): conditions of field, rule (by the field's type) and value,
 * combined with and / or; saved queries beside it.
 */
export const SuperQueryModal = ({ resource, fields, label, open, active, onApply, onClose }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const offered = useMemo(() => superQueryFields(fields), [fields])
  const [drafts, setDrafts] = useState<ConditionDraft[]>(() =>
    active ? draftsOf(fields, active.conditions) : [{ key: newKey() }],
  )
  const [matchType, setMatchType] = useState<MatchType>(active?.matchType ?? 'and')

  const finished = () => ({
    conditions: drafts.map((d) => toCondition(d.field ? fields[d.field] : undefined, d)).filter((c) => c !== null),
    matchType,
  })

  const apply = () => {
    const query = finished()
    if (query.conditions.length < drafts.length) {
      void message.warning(t('list.superQuery.incomplete'))
      return
    }
    onApply(query.conditions.length ? query : undefined)
    onClose()
  }

  const applySaved = (saved: SavedQuery) => {
    setDrafts(draftsOf(fields, saved.conditions))
    setMatchType(saved.matchType)
    onApply({ conditions: saved.conditions, matchType: saved.matchType })
    onClose()
  }

  const clear = () => {
    setDrafts([{ key: newKey() }])
    onApply(undefined)
  }

  return (
    <Modal
      open={open}
      title={t('list.superQuery.title')}
      width={1000}
      onCancel={onClose}
      data-testid="super-query-modal"
      footer={
        <Space>
          <Button onClick={clear} data-testid="super-query-clear">
            {t('common.actions.reset')}
          </Button>
          <Button type="primary" onClick={apply} data-testid="super-query-apply">
            {t('list.superQuery.apply')}
          </Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col flex="auto">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space>
              <Typography.Text>{t('list.superQuery.match')}</Typography.Text>
              <Radio.Group
                value={matchType}
                onChange={(e) => setMatchType(e.target.value as MatchType)}
                options={[
                  { value: 'and', label: t('list.superQuery.and') },
                  { value: 'or', label: t('list.superQuery.or') },
                ]}
                optionType="button"
                size="small"
              />
            </Space>
            {drafts.map((d) => (
              <ConditionRow
                key={d.key}
                draft={d}
                fields={offered}
                label={label}
                onChange={(next) => setDrafts((all) => all.map((x) => (x.key === d.key ? next : x)))}
                onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
              />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              block
              onClick={() => setDrafts((all) => [...all, { key: newKey() }])}
              data-testid="condition-add"
            >
              {t('list.superQuery.addCondition')}
            </Button>
          </Space>
        </Col>
        <Col flex="260px">
          <SavedQueries resource={resource} current={finished} onApply={applySaved} />
        </Col>
      </Row>
    </Modal>
  )
}
