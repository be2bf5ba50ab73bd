import { branchStockResource, StockDocType, stockDocResource, stockLedgerResource, stockResource } from '@app/contracts'
import { Button, Space, Tabs } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import '../../api/product.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'
import { BranchStockUploadModal } from '../../components/product/BranchStockUploadModal.tsx'
import { StockDocDetailModal } from '../../components/product/StockDocDetailModal.tsx'
import { StockDocModal } from '../../components/product/StockDocModal.tsx'

/** Stock lists only read: documents and uploads write them (the server serves no add or edit). */
const READ_ONLY = ['add', 'edit', 'delete', 'batchDelete', 'status', 'import', 'history'] as const
const none = z.object({})

const stock = defineList({
  resource: stockResource,
  input: none,
  defaultSort: { column: 'expiryDate', order: 'asc' },
  columnOrder: ['depotId', 'productId', 'batchNo', 'quantity', 'productionDate', 'expiryDate'],
  without: READ_ONLY,
})
const branchStock = defineList({ resource: branchStockResource, input: none, without: READ_ONLY })
/** Documents: the number opens the document with its lines. */
const docsOf = (open: (id: string) => void) =>
  defineList({
    resource: stockDocResource,
    input: none,
    columnOrder: ['docNo', 'docType', 'depotId', 'docDate', 'totalQuantity', 'lineCount'],
    columns: {
      docNo: {
        render: (value, record) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(record.id)}>
            {String(value ?? '')}
          </Button>
        ),
      },
    },
    without: READ_ONLY,
  })
const ledger = defineList({
  resource: stockLedgerResource,
  input: none,
  columnOrder: ['createAt', 'docNo', 'docType', 'depotId', 'productId', 'batchNo', 'change', 'quantityAfter'],
  without: READ_ONLY,
})

/**
 * Stock (SPEC 2 /pro/stockList): quantity per depot, product and batch; the branches' uploaded
 * stock; the documents and the ledger of every movement. Purchase in, production in, sales out
 * and the branch stock upload each behind their button.
 */
export const StockList = () => {
  const { t } = useTranslation()
  const [doc, setDoc] = useState<StockDocType | null>(null)
  const [uploading, setUploading] = useState(false)
  const [docId, setDocId] = useState<string | null>(null)
  const docs = useMemo(() => docsOf(setDocId), [])
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <AuthButton
          perm="pro_stock:stockIn"
          type="primary"
          onClick={() => setDoc(StockDocType.PurchaseIn)}
          data-testid="purchase-in"
        >
          {t('product.actions.purchaseIn')}
        </AuthButton>
        <AuthButton
          perm="pro_stock:stockIn"
          onClick={() => setDoc(StockDocType.ProductionIn)}
          data-testid="production-in"
        >
          {t('product.actions.productionIn')}
        </AuthButton>
        <AuthButton perm="pro_stock:stockOut" onClick={() => setDoc(StockDocType.SalesOut)} data-testid="sales-out">
          {t('product.actions.salesOut')}
        </AuthButton>
        <AuthButton perm="pro_stock:uploadStock" onClick={() => setUploading(true)} data-testid="upload-stock">
          {t('product.actions.uploadStock')}
        </AuthButton>
      </Space>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'stock', label: t('product.stock.tabs.stock'), children: <ListPage list={stock} /> },
          { key: 'branchStock', label: t('product.stock.tabs.branchStock'), children: <ListPage list={branchStock} /> },
          { key: 'docs', label: t('product.stock.tabs.docs'), children: <ListPage list={docs} /> },
          { key: 'ledger', label: t('product.stock.tabs.ledger'), children: <ListPage list={ledger} /> },
        ]}
      />
      <StockDocModal docType={doc} onClose={() => setDoc(null)} />
      <BranchStockUploadModal open={uploading} onClose={() => setUploading(false)} />
      <StockDocDetailModal id={docId} onClose={() => setDocId(null)} />
    </>
  )
}
export default StockList
