import {
  type Attachment,
  type BranchSaleBatchAdd,
  type BranchStockUploadResult,
  PRODUCT_RESOURCES,
  type Price,
  type PriceChange,
  type PriceLine,
  type Product,
  type ProductionIn,
  type ProductUnit,
  type PurchaseIn,
  type ResourceMeta,
  type ReviewDecisionResult,
  type ReviewProgress,
  type SalesOut,
  STOCK_RESOURCES,
  type StockDocDetail,
} from '@app/contracts'
import { UPLOAD_TIMEOUT_MS } from '../config/constants.ts'
import { downloadBlob } from './download.ts'
import { http } from './http.ts'
import { registerResources } from './resources.ts'

// references to products, categories, depots' stock... resolve to their base urls
registerResources(...(PRODUCT_RESOURCES as readonly ResourceMeta[]), ...(STOCK_RESOURCES as readonly ResourceMeta[]))

/** Product calls of SPEC 7 beyond the generic list verbs (server: modules/product, modules/stock). */
export const productApi = {
  queryByCode: (code: string) => http.get<Product>('/pro/product/queryByCode', { code }),
  queryById: (id: string) => http.get<Product>('/pro/product/queryById', { id }),
  auditProgress: (id: string) => http.get<ReviewProgress | null>('/pro/product/auditProduct', { id }),
  audit: (input: { id: string; decision: 'approve' | 'reject'; note: string; stepNo?: number; version?: number }) =>
    http.post<ReviewDecisionResult>('/pro/product/auditProduct', input, { silent: true }),
  prices: (productId: string) => http.get<Price[]>('/pro/product/queryProductPrice', { productId }),
  savePrices: (productId: string, prices: PriceLine[]) =>
    http.post<Price[]>('/pro/product/addOrEditProductPrice', { productId, prices }, { silent: true }),
  priceHistory: (productId: string) =>
    http.get<PriceChange[]>('/pro/product/queryProductPriceHistory', { productId }, { silent: true }),
  units: (productId: string) =>
    http.get<ProductUnit[]>('/pro/productUnit/getProductUnitListByProductId', { productId }),
  addToBranch: (input: BranchSaleBatchAdd) =>
    http.post<{ added: number; skipped: number }>('/pro/branchSaleRel/batchAdd', input),
  /** An image not yet attached: the product save attaches it. */
  uploadImage: (file: File) => {
    const body = new FormData()
    body.append('file', file)
    return http.post<Attachment>('/file/upload', body, { silent: true, timeoutMs: UPLOAD_TIMEOUT_MS })
  },
  image: (attachId: string) => downloadBlob('/file/downloadById', { attachId }),
}

export const stockApi = {
  purchaseIn: (input: PurchaseIn) => http.post<StockDocDetail>('/pro/stock/purchaseIn', input, { silent: true }),
  productionIn: (input: ProductionIn) => http.post<StockDocDetail>('/pro/stock/productionIn', input, { silent: true }),
  salesOut: (input: SalesOut) => http.post<StockDocDetail>('/pro/stock/salesOut', input, { silent: true }),
  docDetail: (id: string) => http.get<StockDocDetail>('/pro/stockDoc/queryDetail', { id }),
  uploadBranchStock: (branchId: string, file: File) => {
    const body = new FormData()
    body.append('branchId', branchId)
    body.append('file', file)
    return http.post<BranchStockUploadResult>('/pro/branchStock/upload', body, {
      silent: true,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    })
  },
  template: () => downloadBlob('/pro/branchStock/template'),
}

/** Query keys of the product area (the list resources use `keys.resource`). */
export const productKeys = {
  progress: (id: string) => ['product', 'progress', id] as const,
  prices: (id: string) => ['price', 'product', id] as const,
  priceHistory: (id: string) => ['price', 'history', id] as const,
  units: (id: string) => ['productUnit', 'product', id] as const,
  image: (id: string) => ['file', 'image', id] as const,
}
