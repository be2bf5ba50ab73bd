import { Descriptions, Spin } from 'antd'
import { FieldValue } from './FieldValue.tsx'
import type { ListModalProps } from './types.ts'
import { useRecord } from './useRecord.ts'
import { ViewModal } from './ViewModal.tsx'

type Props = ListModalProps & { id: string | undefined }

/** One record read-only: every field of the meta, formatted as the list formats it, never cut. */
export const RecordView = ({ list, api, id, open, title, label, onClose, afterClose }: Props) => {
  const record = useRecord(list.resource.name, api, id)
  const data = record.data
  return (
    <ViewModal open={open} title={title} onClose={onClose} afterClose={afterClose} data-testid="record-view">
      <Spin spinning={!data}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={Object.entries(list.resource.fields).map(([name, meta]) => ({
            key: name,
            label: label(name),
            children: data ? <FieldValue meta={meta} value={data[name]} full /> : null,
          }))}
        />
      </Spin>
    </ViewModal>
  )
}
