/** The demo catalogue (DESIGN 5): SPEC 3 categories and about 60 products across them. */

export const CATEGORIES: readonly [code: string, zh: string, en: string, parent: string | null][] = [
  ['C01', '日化', 'Daily chemicals', null],
  ['C02', '饮料', 'Drinks', null],
  ['C03', '胶囊', 'Capsules', null],
  ['C04', '酒', 'Wine', null],
  ['C05', '茶', 'Tea', null],
  ['C06', '果酱', 'Jam', null],
  ['C07', '粉剂', 'Powder', null],
  ['C08', '片剂', 'Tablets', null],
  ['C09', '农作物', 'Crops', null],
  ['C10', '烘焙', 'Bakery', null],
  ['C11', '肥料', 'Fertiliser', null],
  ['C12', '农药', 'Pesticide', null],
  ['C0501', '绿茶', 'Green tea', 'C05'],
  ['C0502', '红茶', 'Black tea', 'C05'],
  ['C0701', '蛋白粉', 'Protein powder', 'C07'],
]

/** How a category packs: box spec code, and how many sale units fill a box. */
export const PACKING: Record<string, [box: string, perBox: number]> = {
  C01: ['B02', 12],
  C02: ['B05', 24],
  C03: ['B04', 48],
  C04: ['B06', 6],
  C05: ['B07', 12],
  C06: ['B02', 24],
  C07: ['B02', 12],
  C08: ['B04', 48],
  C09: ['B08', 1],
  C10: ['B03', 20],
  C11: ['B08', 1],
  C12: ['B01', 12],
}

export type ProductSeed = [
  code: string,
  zh: string,
  en: string,
  category: string,
  spec: string,
  unit: string,
  dosageForm: string | null,
  supplier: string,
  source: 'self' | 'oem',
  type: 'finished' | 'raw' | 'packaging',
  label: string,
  netKg: number,
  shelfDays: number,
  purchasePrice: number,
]

// biome-ignore format: one product per line reads as the table it is
export const PRODUCTS: readonly ProductSeed[] = [
  ['DC-001', '草本洗发水', 'Herbal shampoo', 'C01', '500ml', 'bottle', 'liquid', 'S007', 'self', 'finished', 'ru_en', 0.52, 1095, 18.5],
  ['DC-002', '薄荷牙膏', 'Mint toothpaste', 'C01', '120g', 'piece', 'paste', 'S007', 'self', 'finished', 'ru_kk', 0.13, 1095, 6.8],
  ['DC-003', '浓缩洗衣液', 'Concentrated laundry detergent', 'C01', '2L', 'bottle', 'liquid', 'S007', 'oem', 'finished', 'en_fr', 2.1, 1095, 22],
  ['DC-004', '芦荟沐浴露', 'Aloe shower gel', 'C01', '750ml', 'bottle', 'liquid', 'S007', 'self', 'finished', 'pt_es', 0.78, 1095, 19.9],
  ['DC-005', '柠檬洗洁精', 'Lemon dish soap', 'C01', '1.2kg', 'bottle', 'liquid', 'S007', 'oem', 'finished', 'en_th', 1.25, 730, 9.5],
  ['DR-001', '人参能量饮料', 'Ginseng energy drink', 'C02', '250ml', 'can', 'liquid', 'S019', 'oem', 'finished', 'ru_en', 0.27, 540, 3.2],
  ['DR-002', '沙棘果汁', 'Sea buckthorn juice', 'C02', '300ml', 'bottle', 'liquid', 'S019', 'oem', 'finished', 'ru', 0.32, 365, 5.6],
  ['DR-003', '枸杞原浆', 'Goji berry puree', 'C02', '30ml×10', 'box', 'liquid', 'S019', 'self', 'finished', 'en_id', 0.35, 540, 48],
  ['DR-004', '姜枣固体饮料', 'Ginger-jujube instant drink', 'C02', '15g×20', 'box', 'granule', 'S019', 'oem', 'finished', 'en_my', 0.3, 720, 16],
  ['DR-005', '苏打水', 'Soda water', 'C02', '500ml', 'bottle', 'liquid', 'S019', 'oem', 'finished', 'zh_en', 0.52, 365, 1.8],
  ['DR-006', '椰子水', 'Coconut water', 'C02', '330ml', 'can', 'liquid', 'S009', 'oem', 'finished', 'en_th', 0.35, 365, 4.5],
  ['CP-001', '灵芝孢子粉胶囊', 'Ganoderma spore capsules', 'C03', '0.3g×60粒', 'bottle', 'capsule', 'S003', 'self', 'finished', 'ru_en', 0.05, 730, 68],
  ['CP-002', '深海鱼油软胶囊', 'Deep-sea fish oil softgels', 'C03', '1g×100粒', 'bottle', 'softgel', 'S003', 'self', 'finished', 'en', 0.14, 730, 45],
  ['CP-003', '葡萄籽胶囊', 'Grape seed capsules', 'C03', '0.5g×60粒', 'bottle', 'capsule', 'S003', 'self', 'finished', 'fr', 0.06, 730, 39],
  ['CP-004', '辅酶Q10软胶囊', 'CoQ10 softgels', 'C03', '0.5g×60粒', 'bottle', 'softgel', 'S003', 'oem', 'finished', 'pt', 0.05, 730, 58],
  ['CP-005', '螺旋藻胶囊', 'Spirulina capsules', 'C03', '0.4g×100粒', 'bottle', 'capsule', 'S003', 'self', 'finished', 'es', 0.07, 730, 28],
  ['CP-006', '人参皂苷胶囊', 'Ginsenoside capsules', 'C03', '0.3g×60粒', 'bottle', 'capsule', 'S013', 'self', 'finished', 'ru_en_fr', 0.05, 730, 88],
  ['WN-001', '赤霞珠干红葡萄酒', 'Cabernet Sauvignon dry red', 'C04', '750ml', 'bottle', null, 'S015', 'oem', 'finished', 'ru_en', 1.25, 3650, 62],
  ['WN-002', '霞多丽干白葡萄酒', 'Chardonnay dry white', 'C04', '750ml', 'bottle', null, 'S015', 'oem', 'finished', 'en', 1.25, 3650, 55],
  ['WN-003', '枸杞酒', 'Goji berry wine', 'C04', '500ml', 'bottle', null, 'S015', 'self', 'finished', 'ru', 0.95, 3650, 38],
  ['WN-004', '人参酒', 'Ginseng liquor', 'C04', '500ml', 'bottle', null, 'S013', 'self', 'finished', 'ru_kk', 1.05, 3650, 96],
  ['TE-001', '西湖龙井', 'West Lake Longjing', 'C0501', '250g', 'can', 'solid', 'S006', 'self', 'finished', 'zh_en', 0.3, 540, 120],
  ['TE-002', '碧螺春', 'Biluochun green tea', 'C0501', '200g', 'can', 'solid', 'S006', 'self', 'finished', 'ru_en', 0.25, 540, 98],
  ['TE-003', '祁门红茶', 'Keemun black tea', 'C0502', '250g', 'box', 'solid', 'S006', 'self', 'finished', 'en', 0.3, 720, 86],
  ['TE-004', '普洱茶饼', "Pu'er tea cake", 'C05', '357g', 'piece', 'solid', 'S006', 'self', 'finished', 'en_my', 0.4, 3650, 75],
  ['TE-005', '菊花茶', 'Chrysanthemum tea', 'C05', '3g×20袋', 'box', 'teabag', 'S006', 'oem', 'finished', 'en_th', 0.08, 720, 15],
  ['JM-001', '蓝莓果酱', 'Blueberry jam', 'C06', '340g', 'bottle', 'paste', 'S009', 'oem', 'finished', 'ru_en', 0.55, 540, 12.5],
  ['JM-002', '草莓果酱', 'Strawberry jam', 'C06', '340g', 'bottle', 'paste', 'S009', 'oem', 'finished', 'pt_es', 0.55, 540, 11],
  ['JM-003', '芒果果酱', 'Mango jam', 'C06', '300g', 'bottle', 'paste', 'S009', 'oem', 'finished', 'en_th', 0.5, 540, 11.8],
  ['JM-004', '沙棘果酱', 'Sea buckthorn jam', 'C06', '250g', 'bottle', 'paste', 'S010', 'self', 'finished', 'ru', 0.42, 540, 14],
  ['PW-001', '乳清蛋白粉', 'Whey protein powder', 'C0701', '908g', 'can', 'powder', 'S019', 'oem', 'finished', 'en_es', 1.05, 730, 168],
  ['PW-002', '大豆蛋白粉', 'Soy protein powder', 'C0701', '500g', 'can', 'powder', 'S019', 'self', 'finished', 'ru_en', 0.62, 730, 66],
  ['PW-003', '葛根粉', 'Kudzu root powder', 'C07', '400g', 'bag', 'powder', 'S001', 'self', 'finished', 'zh', 0.42, 540, 26],
  ['PW-004', '益生菌粉', 'Probiotic powder', 'C07', '2g×30袋', 'box', 'powder', 'S019', 'oem', 'finished', 'en_id', 0.09, 540, 79],
  ['PW-005', '代餐粉', 'Meal replacement powder', 'C07', '500g', 'can', 'powder', 'S019', 'oem', 'finished', 'fr', 0.6, 540, 58],
  ['TB-001', '维生素C咀嚼片', 'Vitamin C chewable tablets', 'C08', '1g×60片', 'bottle', 'tablet', 'S005', 'oem', 'finished', 'ru_en', 0.08, 730, 19],
  ['TB-002', '钙维生素D片', 'Calcium with vitamin D', 'C08', '1.2g×100片', 'bottle', 'tablet', 'S005', 'oem', 'finished', 'pt', 0.14, 730, 32],
  ['TB-003', '复合维生素片', 'Multivitamin tablets', 'C08', '1g×90片', 'bottle', 'tablet', 'S005', 'oem', 'finished', 'es', 0.11, 730, 42],
  ['TB-004', '叶黄素片', 'Lutein tablets', 'C08', '0.5g×60片', 'bottle', 'tablet', 'S005', 'oem', 'finished', 'th', 0.05, 730, 36],
  ['TB-005', '薄荷压片糖果', 'Mint pressed candy', 'C08', '0.6g×30片', 'strip', 'tablet', 'S005', 'oem', 'finished', 'id', 0.02, 540, 3.5],
  ['CR-001', '有机小麦', 'Organic wheat', 'C09', '50kg', 'bag', null, 'S020', 'oem', 'raw', 'ru_kk', 50, 365, 210],
  ['CR-002', '荞麦', 'Buckwheat', 'C09', '25kg', 'bag', null, 'S020', 'oem', 'raw', 'ru', 25, 365, 160],
  ['CR-003', '宁夏枸杞干果', 'Ningxia dried goji', 'C09', '1kg', 'bag', null, 'S001', 'oem', 'raw', 'zh', 1, 540, 65],
  ['CR-004', '长白山人参', 'Changbai ginseng root', 'C09', '1kg', 'kg', null, 'S013', 'oem', 'raw', 'zh', 1, 365, 680],
  ['CR-005', '沙棘原果', 'Sea buckthorn berries', 'C09', '1kg', 'kg', null, 'S010', 'oem', 'raw', 'ru', 1, 180, 28],
  ['BK-001', '全麦面包', 'Whole-wheat bread', 'C10', '400g', 'bag', null, 'S018', 'oem', 'finished', 'zh_en', 0.42, 15, 8.5],
  ['BK-002', '燕麦饼干', 'Oat biscuits', 'C10', '300g', 'box', null, 'S018', 'oem', 'finished', 'ru_en', 0.32, 270, 12],
  ['BK-003', '五仁月饼礼盒', 'Mooncake gift box', 'C10', '6枚', 'box', null, 'S018', 'oem', 'finished', 'zh_en', 0.75, 60, 88],
  ['BK-004', '苏打饼干', 'Soda crackers', 'C10', '400g', 'bag', null, 'S018', 'oem', 'finished', 'en_es', 0.42, 270, 9.8],
  ['FT-001', '有机肥', 'Organic fertiliser', 'C11', '25kg', 'bag', null, 'S016', 'self', 'finished', 'ru_kk', 25, 1095, 45],
  ['FT-002', '复合肥', 'NPK compound fertiliser', 'C11', '50kg', 'bag', null, 'S016', 'self', 'finished', 'pt_es', 50, 1095, 150],
  ['FT-003', '叶面肥', 'Foliar fertiliser', 'C11', '1L', 'bottle', 'liquid', 'S016', 'oem', 'finished', 'en_fr', 1.1, 730, 32],
  ['FT-004', '生物菌肥', 'Bio-bacterial fertiliser', 'C11', '20kg', 'bag', null, 'S016', 'self', 'finished', 'es', 20, 365, 68],
  ['PS-001', '苦参碱生物杀虫剂', 'Matrine bio-insecticide', 'C12', '1L', 'bottle', 'liquid', 'S017', 'self', 'finished', 'pt', 1.05, 730, 56],
  ['PS-002', '印楝素杀虫剂', 'Azadirachtin insecticide', 'C12', '500ml', 'bottle', 'liquid', 'S017', 'oem', 'finished', 'en_fr', 0.55, 730, 48],
  ['PS-003', '多菌灵杀菌剂', 'Carbendazim fungicide', 'C12', '1kg', 'bag', 'powder', 'S017', 'self', 'finished', 'es', 1, 730, 26],
  ['PS-004', '草甘膦除草剂', 'Glyphosate herbicide', 'C12', '5L', 'barrel', 'liquid', 'S017', 'oem', 'finished', 'pt_es', 5.4, 730, 95],
  ['PK-001', '250ml玻璃酒瓶', '250ml glass wine bottle', 'C04', '250ml', 'piece', null, 'S014', 'oem', 'packaging', 'zh', 0.3, 3650, 1.2],
  ['PK-002', 'HDPE胶囊瓶', 'HDPE capsule bottle', 'C03', '150ml', 'piece', null, 'S004', 'oem', 'packaging', 'zh', 0.02, 3650, 0.45],
  ['PK-003', '马口铁茶叶罐', 'Tinplate tea can', 'C05', '250g装', 'piece', null, 'S008', 'oem', 'packaging', 'zh', 0.08, 3650, 2.6],
  ['DC-006', '竹炭牙膏', 'Bamboo charcoal toothpaste', 'C01', '100g', 'piece', 'paste', 'S007', 'self', 'finished', 'ru_en', 0.11, 1095, 7.2],
]

/** What a count in a spec counts (`0.3g×60粒`: 60 capsules), by its measure word and the product's dosage form. */
const COUNTED: Record<string, (dosageForm: string | null) => string> = {
  粒: (form) => (form === 'softgel' ? 'softgels' : 'capsules'),
  片: () => 'tablets',
  袋: (form) => (form === 'teabag' ? 'tea bags' : 'sachets'),
  枚: () => 'pieces',
}

/**
 * A spec in English, as the English catalogue writes it: `0.3g×60粒` is '0.3 g × 60 capsules',
 * `30ml×10` '30 ml × 10', `6枚` '6 pieces', `250g装` (a can for 250 g) '250 g'.
 */
export const specInEnglish = (spec: string, dosageForm: string | null): string =>
  spec
    .replace(/装$/, '')
    .replace(/(\d+(?:\.\d+)?)(ml|kg|g|L)/g, '$1 $2')
    .replace(/(\d+)(粒|片|袋|枚)/g, (_, n: string, word: string) => `${n} ${COUNTED[word]!(dosageForm)}`)
    .replace(/×/g, ' × ')

/** Products sold in boxes: the sale unit 'box' holds this many base units (stock stays in the base unit). */
export const SOLD_IN_BOXES: Record<string, number> = { 'DC-006': 12 }

/** VAT rates other than the products' 13 %: fertilisers and crop protection (categories C11, C12) at 9 %. */
export const TAX_RATES: Record<string, number> = { C11: 9, C12: 9 }

/** Products left waiting for their first review, and one rejected by the finance director. */
export const PENDING = ['DR-006', 'BK-004', 'PK-003']
export const REJECTED = 'TB-005'
