import { stockDocResource } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Spin, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { stockApi } from '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { FieldValue } from '../list/FieldValue.tsx'
import { RefLabel } from '../list/RefLabel.tsx'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { ViewModal } from '../list/ViewModal.tsx'

type Props = { id: string | null; onClose: () => void }

const HEAD = [
  'docNo',
  'docType',
  'depotId',
  'docDate',
  'supplierId',
  'branchId',
  'totalQuantity',
  'createAt',
  'remark',
] as const

/** A stock document with its lines (each line names its batch; a sales-out line the batch it took). */
export const StockDocDetailModal = ({ id, onClose }: Props) => {
  const { t } = useTranslation()
  const label = useFieldLabel('stockDoc')
  const lineLabel = useFieldLabel('stock')
  const doc = useQuery({
    queryKey: keys.resource.detail('stockDoc', `${id ?? ''}:lines`),
    queryFn: () => stockApi.docDetail(id as string),
    enabled: Boolean(id),
  })
  const fields = stockDocResource.fields as Record<
    string,
    (typeof stockDocResource.fields)[keyof typeof stockDocResource.fields]
  >
  const d = doc.data
  return (
    <ViewModal open={Boolean(id)} title={d?.docNo ?? ''} onClose={onClose} data-testid="stock-doc-detail">
      <Spin spinning={doc.isLoading}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={HEAD.map((name) => ({
            key: name,
            label: label(name),
            children: d ? <FieldValue meta={fields[name]} value={(d as Record<string, unknown>)[name]} full /> : null,
          }))}
        />
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d?.lines ?? []}
          columns={[
            { title: '#', dataIndex: 'lineNo', width: 48 },
            {
              title: lineLabel('productId'),
              dataIndex: 'productId',
              render: (v: string) => <RefLabel resource="product" label="name" id={v} />,
            },
            { title: lineLabel('batchNo'), dataIndex: 'batchNo' },
            { title: lineLabel('quantity'), dataIndex: 'quantity', align: 'right' },
            { title: lineLabel('productionDate'), dataIndex: 'productionDate' },
            { title: lineLabel('expiryDate'), dataIndex: 'expiryDate' },
            { title: t('common.fields.remark'), dataIndex: 'remark' },
          ]}
        />
      </Spin>
    </ViewModal>
  )
}
