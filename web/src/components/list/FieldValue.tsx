import type { FieldMeta } from '@app/contracts'
import { EllipsisText } from './EllipsisText.tsx'
import { RefLabel } from './RefLabel.tsx'
import { useCellText } from './useCellText.ts'

/** One field's value as text: reference label, dictionary text, formatted number or date; cut at 25. */
export const FieldValue = ({ meta, value, full }: { meta: FieldMeta | undefined; value: unknown; full?: boolean }) => {
  const cellText = useCellText()
  if (meta?.ref) {
    const { resource, label, key } = meta.ref
    return <RefLabel resource={resource} label={label} by={key} id={value} />
  }
  const text = cellText(meta, value)
  return full ? text : <EllipsisText text={text} />
}
