import { type FieldMeta, type ModifyHistoryEntry, menuOfKey } from '@app/contracts'
import { Descriptions } from 'antd'
import dayjs from 'dayjs'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import '../../api/admin.ts'
import '../../api/product.ts'
import { resourceByName } from '../../api/resources.ts'
import { CompareView } from '../../components/list/CompareView.tsx'
import type { Version } from '../../components/list/diff.ts'
import { useFieldLabel } from '../../components/list/useFieldLabel.ts'
import { useOperationText } from '../../components/list/useOperationText.ts'
import { ViewModal } from '../../components/list/ViewModal.tsx'
import { DATETIME_FORMAT } from '../../config/constants.ts'

type Image = Record<string, unknown> | null

const versionOf = (image: Image) => (typeof image?.version === 'number' ? image.version : null)

/**
 * The fields to show: the resource's own (labelled and formatted as its screen does); for a
 * resource this web does not know, every key the images hold, as text.
 */
const fieldsOf = (resourceName: string | null, images: readonly Image[]): Record<string, FieldMeta> => {
  const meta = resourceName ? resourceByName(resourceName) : undefined
  if (meta) return meta.fields
  const keys = new Set(images.flatMap((i) => Object.keys(i ?? {})))
  return Object.fromEntries([...keys].map((k) => [k, { type: 'string' } as FieldMeta]))
}

type Props = {
  /** One change (shown before against after), or two changes of one record (the record after each). */
  entries: readonly [ModifyHistoryEntry] | readonly [ModifyHistoryEntry, ModifyHistoryEntry]
  open: boolean
  title: string
  onClose: () => void
  afterClose: () => void
}

/** A change of the modify-history list field by field, or two versions of one record side by side. */
export const ChangeModal = ({ entries, open, title, onClose, afterClose }: Props) => {
  const { t } = useTranslation()
  const { menuText, buttonText } = useOperationText()
  const [first] = entries
  const label = useFieldLabel(first.resourceName ?? '')
  const versions = useMemo((): readonly [Version, Version] => {
    if (entries.length === 1) {
      const [e] = entries
      return [
        {
          key: 'before',
          version: versionOf(e.before),
          operation: e.operation,
          username: null,
          at: null,
          record: e.before ?? {},
          title: t('admin.log.before'),
        },
        {
          key: 'after',
          version: versionOf(e.after),
          operation: e.operation,
          username: e.username,
          at: String(e.createAt),
          record: e.after ?? {},
          title: t('admin.log.after'),
        },
      ]
    }
    // each change's record as it left it (a delete: as it was last)
    const [a, b] = entries.map((e) => ({
      key: e.id,
      version: versionOf(e.after ?? e.before),
      operation: e.operation,
      username: e.username,
      at: String(e.createAt),
      record: e.after ?? e.before ?? {},
    }))
    return [a!, b!]
  }, [entries, t])
  const fields = useMemo(
    () =>
      fieldsOf(
        first.resourceName,
        entries.flatMap((e) => [e.before, e.after]),
      ),
    [first, entries],
  )
  const screen = menuText(menuOfKey(first.operation))
  return (
    <ViewModal open={open} title={title} onClose={onClose} afterClose={afterClose} data-testid="change-modal">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'screen', label: t('fields.modifyHistory.resource'), children: screen },
          {
            key: 'record',
            label: t('fields.modifyHistory.objectLabel'),
            children: first.objectLabel ?? first.objectId,
          },
          ...(entries.length === 1
            ? [
                { key: 'operation', label: t('fields.modifyHistory.operation'), children: buttonText(first.operation) },
                { key: 'user', label: t('fields.modifyHistory.username'), children: first.username ?? '' },
                {
                  key: 'at',
                  label: t('fields.modifyHistory.createAt'),
                  children: dayjs(first.createAt).format(DATETIME_FORMAT),
                },
              ]
            : []),
        ]}
      />
      <CompareView fields={fields} label={label} versions={versions} />
    </ViewModal>
  )
}
