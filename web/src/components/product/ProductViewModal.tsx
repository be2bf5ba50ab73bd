import { type Product, productResource } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Empty, Flex, Spin, Table, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { productApi, productKeys } from '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { ReviewProgressView } from '../approval/ReviewProgress.tsx'
import { FieldValue } from '../list/FieldValue.tsx'
import { RefLabel } from '../list/RefLabel.tsx'
import { useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { ViewModal } from '../list/ViewModal.tsx'
import { ProductImage } from './ProductImage.tsx'

type Props = { id: string | null; open: boolean; onClose: () => void; afterClose?: () => void }

const BASIC = [
  'code',
  'name',
  'nameEn',
  'categoryId',
  'specType',
  'spec',
  'specEn',
  'unit',
  'source',
  'productType',
  'dosageForm',
  'labelType',
  'supplierId',
  'originCountryId',
  'model',
  'colour',
  'barcode',
  'u8Code',
  'taxRate',
  'auditStatus',
  'status',
  'description',
] as const
const LOGISTICS = [
  'grossWeightKg',
  'netWeightKg',
  'volumeM3',
  'shelfLifeDays',
  'expiryWarningDays',
  'createAt',
  'updateAt',
] as const

/** The product view modal: every field, images, units, the four prices and the review progress. */
export const ProductViewModal = ({ id, open, onClose, afterClose }: Props) => {
  const { t } = useTranslation()
  const label = useFieldLabel('product')
  const unitLabel = useFieldLabel('productUnit')
  const priceLabel = useFieldLabel('price')
  const dictText = useDictText()
  const pid = id ?? ''
  const product = useQuery({
    queryKey: keys.resource.detail('product', pid),
    queryFn: () => productApi.queryById(pid),
    enabled: open && !!id,
  })
  const prices = useQuery({
    queryKey: productKeys.prices(pid),
    queryFn: () => productApi.prices(pid),
    enabled: open && !!id,
  })
  const review = useQuery({
    queryKey: productKeys.progress(pid),
    queryFn: () => productApi.auditProgress(pid),
    enabled: open && !!id,
  })
  const p = product.data as Product | undefined
  const fields = productResource.fields as Record<
    string,
    (typeof productResource.fields)[keyof typeof productResource.fields]
  >
  const describe = (names: readonly string[]) =>
    names.map((name) => ({
      key: name,
      label: label(name),
      span: name === 'description' ? 3 : 1,
      children: p ? <FieldValue meta={fields[name]} value={(p as Record<string, unknown>)[name]} full /> : null,
    }))

  return (
    <ViewModal
      open={open}
      title={t('product.view.title', { name: p?.name ?? '' })}
      onClose={onClose}
      afterClose={afterClose}
      data-testid="product-view-modal"
    >
      <Spin spinning={product.isLoading}>
        <Tabs
          items={[
            {
              key: 'basic',
              label: t('product.view.basic'),
              children: (
                <Flex gap={16} align="start">
                  <Flex vertical gap={8}>
                    {(p?.images ?? []).length === 0 ? <Empty description={t('product.view.noImages')} /> : null}
                    {(p?.images ?? []).map((img) => (
                      <ProductImage key={img} id={img} size={140} />
                    ))}
                  </Flex>
                  <Descriptions
                    bordered
                    size="small"
                    column={{ xs: 1, md: 2, xl: 3 }}
                    items={describe(BASIC)}
                    style={{ flex: 1 }}
                  />
                </Flex>
              ),
            },
            {
              key: 'logistics',
              label: t('product.view.logistics'),
              children: (
                <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} items={describe(LOGISTICS)} />
              ),
            },
            {
              key: 'units',
              label: t('product.view.units'),
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={p?.units ?? []}
                  columns={[
                    {
                      title: unitLabel('useCase'),
                      dataIndex: 'useCase',
                      render: (v: string) => dictText('unit_use', v),
                    },
                    { title: unitLabel('unit'), dataIndex: 'unit', render: (v: string) => dictText('product_unit', v) },
                    {
                      title: unitLabel('conversionRate'),
                      dataIndex: 'conversionRate',
                      render: (v: number) => `${v} ${dictText('product_unit', p?.unit)}`,
                    },
                    {
                      title: unitLabel('boxSpecId'),
                      dataIndex: 'boxSpecId',
                      render: (v: string | null) => <RefLabel resource="boxSpec" label="name" id={v} />,
                    },
                    { title: unitLabel('perBox'), dataIndex: 'perBox' },
                  ]}
                />
              ),
            },
            {
              key: 'prices',
              label: t('product.view.prices'),
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  loading={prices.isLoading}
                  dataSource={prices.data ?? []}
                  columns={[
                    {
                      title: priceLabel('priceType'),
                      dataIndex: 'priceType',
                      render: (v: string) => dictText('price_type', v),
                    },
                    { title: priceLabel('price'), dataIndex: 'price' },
                    { title: priceLabel('currency'), dataIndex: 'currency' },
                    { title: priceLabel('validFrom'), dataIndex: 'validFrom' },
                    { title: priceLabel('validTo'), dataIndex: 'validTo' },
                  ]}
                />
              ),
            },
            {
              key: 'review',
              label: t('product.view.review'),
              children: review.data ? (
                <ReviewProgressView progress={review.data} />
              ) : (
                <Empty description={t('product.audit.none')} />
              ),
            },
          ]}
        />
      </Spin>
    </ViewModal>
  )
}
