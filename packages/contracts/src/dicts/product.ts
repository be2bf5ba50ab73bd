import { type DictDef, type DictItemDef, item } from './types.ts'

/**
 * Dictionaries of products, prices and stock (SPEC 3 code table: categories, sources, types,
 * kinds, label languages). Code-table ids: dictionary names 1024xx, items 1025xx-1029xx.
 */

/** The values of a dictionary, for a zod enum. */
const values = (items: readonly DictItemDef[]) => items.map((i) => i.value) as [string, ...string[]]

export const SPEC_TYPE_ITEMS = [
  item('standard', 102501, '标准装', 'Standard pack'),
  item('gift', 102502, '礼盒装', 'Gift box'),
  item('family', 102503, '家庭装', 'Family pack'),
  item('sample', 102504, '试用装', 'Sample'),
  item('bulk', 102505, '散装', 'Bulk'),
] as const

export const SOURCE_ITEMS = [
  item('self', 102511, '自产', 'Self-production'),
  item('oem', 102512, 'OEM采购', 'OEM purchase'),
] as const

export const PRODUCT_TYPE_ITEMS = [
  item('finished', 102521, '成品', 'Finished product'),
  item('raw', 102522, '原料', 'Raw material'),
  item('packaging', 102523, '包材', 'Packaging material'),
] as const

export const DOSAGE_FORM_ITEMS = [
  item('capsule', 102531, '胶囊', 'Capsule'),
  item('softgel', 102532, '软胶囊', 'Softgel'),
  item('tablet', 102533, '片剂', 'Tablet'),
  item('powder', 102534, '粉剂', 'Powder'),
  item('granule', 102535, '颗粒', 'Granule'),
  item('liquid', 102536, '口服液', 'Oral liquid'),
  item('paste', 102537, '膏剂', 'Paste'),
  item('teabag', 102538, '袋泡茶', 'Tea bag'),
  item('solid', 102539, '固体', 'Solid'),
  item('other', 102540, '其他', 'Other'),
] as const

/** Label languages and their combinations (SPEC 3 'Label languages'). */
export const LABEL_TYPE_ITEMS = [
  item('zh', 102601, '中文', 'Chinese'),
  item('ru', 102602, '俄语', 'Russian'),
  item('en', 102603, '英语', 'English'),
  item('fr', 102604, '法语', 'French'),
  item('pt', 102605, '葡萄牙语', 'Portuguese'),
  item('es', 102606, '西班牙语', 'Spanish'),
  item('th', 102607, '泰语', 'Thai'),
  item('id', 102608, '印尼语', 'Indonesian'),
  item('my', 102609, '缅甸语', 'Burmese'),
  item('zh_en', 102610, '中英', 'Chinese/English'),
  item('ru_en', 102611, '俄英', 'Russian/English'),
  item('ru_kk', 102612, '俄哈', 'Russian/Kazakh'),
  item('en_fr', 102613, '英法', 'English/French'),
  item('pt_es', 102614, '葡西', 'Portuguese/Spanish'),
  item('en_es', 102615, '英西', 'English/Spanish'),
  item('en_th', 102616, '英泰', 'English/Thai'),
  item('en_id', 102617, '英印尼', 'English/Indonesian'),
  item('en_my', 102618, '英缅', 'English/Burmese'),
  item('ru_en_fr', 102619, '俄英法', 'Russian/English/French'),
] as const

/** Units of measure; a product's base unit and the units of its use cases. */
export const UNIT_ITEMS = [
  item('piece', 102701, '个', 'Piece'),
  item('bottle', 102702, '瓶', 'Bottle'),
  item('box', 102703, '盒', 'Box'),
  item('bag', 102704, '袋', 'Bag'),
  item('can', 102705, '罐', 'Can'),
  item('carton', 102706, '箱', 'Carton'),
  item('kg', 102707, '千克', 'Kilogram'),
  item('g', 102708, '克', 'Gram'),
  item('l', 102709, '升', 'Litre'),
  item('barrel', 102710, '桶', 'Barrel'),
  item('set', 102711, '套', 'Set'),
  item('strip', 102712, '板', 'Strip'),
  item('sachet', 102713, '包', 'Sachet'),
  item('tin', 102714, '听', 'Tin'),
  item('pallet', 102715, '托', 'Pallet'),
  item('ton', 102716, '吨', 'Ton'),
] as const

/** What a unit of a product is used for (SPEC 5: a unit once per use case). */
export const UNIT_USE_ITEMS = [
  item('purchase', 102751, '采购', 'Purchase'),
  item('sale', 102752, '销售', 'Sale'),
  item('stock', 102753, '库存', 'Stock'),
] as const

/** The four prices of a product (SPEC 3). */
export const PRICE_TYPE_ITEMS = [
  item('purchase', 102761, '采购价', 'Purchase price'),
  item('retail', 102762, '零售价', 'Retail price'),
  item('sale', 102763, '销售价', 'Sale price'),
  item('internal', 102764, '内部采购价', 'Internal purchase price'),
] as const

/** Stock documents (SPEC 3): sales out, purchase in, production in. */
export const STOCK_DOC_TYPE_ITEMS = [
  item('purchase_in', 102771, '采购入库', 'Purchase in'),
  item('production_in', 102772, '生产入库', 'Production in'),
  item('sales_out', 102773, '销售出库', 'Sales out'),
  item('branch_upload', 102774, '分公司库存上传', 'Branch stock upload'),
] as const

export const SpecTypeValues = values(SPEC_TYPE_ITEMS)
export const SourceValues = values(SOURCE_ITEMS)
export const ProductTypeValues = values(PRODUCT_TYPE_ITEMS)
export const UnitUseValues = values(UNIT_USE_ITEMS)
export const PriceTypeValues = values(PRICE_TYPE_ITEMS)

export const PriceType = { Purchase: 'purchase', Retail: 'retail', Sale: 'sale', Internal: 'internal' } as const
export type PriceType = (typeof PriceType)[keyof typeof PriceType]

export const StockDocType = {
  PurchaseIn: 'purchase_in',
  ProductionIn: 'production_in',
  SalesOut: 'sales_out',
} as const
export type StockDocType = (typeof StockDocType)[keyof typeof StockDocType]

export const productDicts: readonly DictDef[] = [
  { code: 'product_spec_type', textId: 102401, zh: '规格类型', en: 'Spec type', items: SPEC_TYPE_ITEMS },
  { code: 'product_source', textId: 102402, zh: '产品来源', en: 'Source', items: SOURCE_ITEMS },
  { code: 'product_type', textId: 102403, zh: '产品类型', en: 'Product type', items: PRODUCT_TYPE_ITEMS },
  { code: 'dosage_form', textId: 102404, zh: '剂型', en: 'Dosage form', items: DOSAGE_FORM_ITEMS, open: true },
  { code: 'label_type', textId: 102405, zh: '标签类型', en: 'Label type', items: LABEL_TYPE_ITEMS, open: true },
  { code: 'product_unit', textId: 102406, zh: '计量单位', en: 'Unit of measure', items: UNIT_ITEMS, open: true },
  { code: 'unit_use', textId: 102407, zh: '单位用途', en: 'Unit use', items: UNIT_USE_ITEMS },
  { code: 'price_type', textId: 102408, zh: '价格类型', en: 'Price type', items: PRICE_TYPE_ITEMS },
  {
    code: 'stock_doc_type',
    textId: 102409,
    zh: '库存单据类型',
    en: 'Stock document type',
    items: STOCK_DOC_TYPE_ITEMS,
  },
]
