import { BranchSaleRelInputSchema, branchSaleRelResource } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'
import { ProductSelectModal } from '../../components/product/ProductSelectModal.tsx'

/** Which products each branch sells at which price (menu pro_branch_sale); approved products only. */
const list = defineList({
  resource: branchSaleRelResource,
  input: BranchSaleRelInputSchema,
  columnOrder: ['branchId', 'productId', 'salePrice', 'currency', 'status'],
  form: { branchId: { editable: false }, productId: { editable: false } },
  without: ['import', 'history', 'status'],
})

export const BranchSaleRelList = () => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [selecting, setSelecting] = useState(false)
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <AuthButton perm="pro_branch_sale:add" onClick={() => setSelecting(true)} data-testid="select-products">
          {t('product.actions.select')}
        </AuthButton>
      </Space>
      <ListPage list={list} />
      <ProductSelectModal
        open={selecting}
        onClose={() => setSelecting(false)}
        onAdded={() => {
          setSelecting(false)
          void client.invalidateQueries({ queryKey: keys.resource.all('branchSaleRel') })
        }}
      />
    </>
  )
}
export default BranchSaleRelList
