import { ProductInputSchema, productResource } from '@app/contracts'
import { Space } from 'antd'
import type { TFunction } from 'i18next'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../api/product.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList, type FormFieldOverride, type ListDeclaration } from '../../components/list/types.ts'
import { ImagesInput } from '../../components/product/ImagesInput.tsx'
import { ProductAuditModal } from '../../components/product/ProductAuditModal.tsx'
import { ProductImage } from '../../components/product/ProductImage.tsx'
import { ProductPriceModal } from '../../components/product/ProductPriceModal.tsx'
import { ProductViewModal } from '../../components/product/ProductViewModal.tsx'
import { UnitsEditor, unitsRules } from '../../components/product/UnitsEditor.tsx'

type ProductField = keyof typeof productResource.fields
type Target = { id: string; name: string }

/**
 * The product form: the generated fields, plus images and units (form values the meta does not
 * list); the units are checked against SPEC 5 and the base unit, again when the base unit changes.
 */
const formOf = (t: TFunction): Partial<Record<string, FormFieldOverride>> => ({
  images: { span: 24, render: ({ disabled }) => <ImagesInput disabled={disabled} /> },
  units: {
    span: 24,
    render: ({ disabled }) => <UnitsEditor disabled={disabled} />,
    rules: unitsRules(t),
    dependencies: ['unit'],
  },
})

const targetOf = (row: ResourceRecord): Target => ({ id: row.id, name: String(row.name ?? '') })

/**
 * Products (SPEC 2 /product/list, 3 'Product'): the list with pinyin search, the generated form
 * with units and images, and the audit, price and view modals on the selected product.
 */
export const ProductList = () => {
  const { t } = useTranslation()
  const [audit, setAudit] = useState<Target | null>(null)
  const [price, setPrice] = useState<Target | null>(null)
  const [view, setView] = useState<string | null>(null)

  const list = useMemo(
    (): ListDeclaration<ProductField> =>
      defineList({
        resource: productResource,
        input: ProductInputSchema,
        table: 'pro_product',
        columnOrder: ['code', 'name', 'categoryId', 'spec', 'unit', 'source', 'productType', 'auditStatus', 'status'],
        columns: {
          name: { width: 200 },
          code: {
            render: (value, record) => (
              <Space>
                <ProductImage id={(record.images as string[] | undefined)?.[0]} size={28} preview={false} alt="" />
                {String(value ?? '')}
              </Space>
            ),
          },
        },
        form: formOf(t) as ListDeclaration<ProductField>['form'],
        toolbar: [
          {
            key: 'audit',
            perm: 'audit',
            label: t('product.actions.audit'),
            selection: 'one',
            onClick: ([row]) => setAudit(targetOf(row!)),
          },
          {
            key: 'price',
            perm: 'price',
            label: t('product.actions.prices'),
            selection: 'one',
            onClick: ([row]) => setPrice(targetOf(row!)),
          },
          {
            key: 'detail',
            perm: 'view',
            label: t('product.actions.detail'),
            selection: 'one',
            onClick: ([row]) => setView(row!.id),
          },
        ],
      }),
    [t],
  )

  return (
    <>
      <ListPage list={list as ListDeclaration} />
      <ProductAuditModal product={audit} open={!!audit} onClose={() => setAudit(null)} />
      <ProductPriceModal product={price} open={!!price} onClose={() => setPrice(null)} />
      <ProductViewModal id={view} open={!!view} onClose={() => setView(null)} />
    </>
  )
}
export default ProductList
