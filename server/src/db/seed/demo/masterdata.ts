import { eq } from 'drizzle-orm'
import { pinyinOf } from '../../../platform/pinyin.ts'
import type { DbOrTx } from '../../client.ts'
import { boxSpecs, countries, depots, suppliers } from '../../schema/index.ts'

type SupplierSeed = [code: string, name: string, nameEn: string, type: string, country: string, contact: string]

const SUPPLIERS: SupplierSeed[] = [
  ['S001', '健康食品原料有限公司', 'Health Food Ingredients Co.', 'raw', 'CN', '张伟'],
  ['S002', '绿源植物提取物厂', 'Green Source Botanical Extracts', 'raw', 'CN', '李强'],
  ['S003', '康宁胶囊制造有限公司', 'Kangning Capsule Manufacturing', 'finished', 'CN', '王芳'],
  ['S004', '华美包装材料有限公司', 'Huamei Packaging Materials', 'packaging', 'CN', '刘洋'],
  ['S005', '金盾片剂代工厂', 'Jindun Tablet OEM Factory', 'oem', 'CN', '陈磊'],
  ['S006', '雪山茶业合作社', 'Snow Mountain Tea Cooperative', 'raw', 'CN', '杨静'],
  ['S007', '东方日化有限公司', 'Oriental Daily Chemicals', 'finished', 'CN', '赵敏'],
  ['S008', '晨光印刷包装厂', 'Morning Light Printing & Packaging', 'packaging', 'CN', '黄丽'],
  ['S009', '泰华果酱食品厂', 'Thai-Hua Jam Foods', 'oem', 'TH', 'Somchai'],
  ['S010', '西伯利亚蜂蜜公司', 'Siberian Honey Company', 'raw', 'RU', 'Ivan Petrov'],
  ['S011', '巴西咖啡与可可出口', 'Brazil Coffee & Cocoa Export', 'raw', 'BR', 'João Silva'],
  ['S012', '印尼棕榈油加工厂', 'Indonesia Palm Oil Processing', 'raw', 'ID', 'Budi Santoso'],
  ['S013', '长白山人参种植基地', 'Changbai Ginseng Plantation', 'raw', 'CN', '孙涛'],
  ['S014', '永盛玻璃瓶厂', 'Yongsheng Glass Bottles', 'packaging', 'CN', '周杰'],
  ['S015', '美乐葡萄酒庄', 'Merlot Winery', 'finished', 'US', 'Emma Brown'],
  ['S016', '丰收有机肥料厂', 'Harvest Organic Fertiliser', 'finished', 'CN', '吴刚'],
  ['S017', '安农生物农药有限公司', 'Annong Bio-Pesticides', 'finished', 'CN', '郑辉'],
  ['S018', '麦香烘焙食品代工', 'Maixiang Bakery OEM', 'oem', 'CN', '冯雪'],
  ['S019', '蓝海固体饮料厂', 'Blue Ocean Powdered Drinks', 'oem', 'CN', '韩梅'],
  ['S020', '哈萨克斯坦谷物贸易', 'Kazakhstan Grain Trading', 'raw', 'KZ', 'Nursultan Abenov'],
]

const DEPOTS = [
  {
    code: 'WH-SZ-F',
    name: '深圳成品仓',
    nameEn: 'Shenzhen finished goods',
    depotType: 'finished',
    location: '广东省深圳市宝安区',
    managerName: '孙伟',
  },
  {
    code: 'WH-SZ-R',
    name: '深圳原料仓',
    nameEn: 'Shenzhen raw material',
    depotType: 'raw',
    location: '广东省深圳市宝安区',
    managerName: '吴强',
  },
  {
    code: 'WH-TJ-F',
    name: '天津港成品仓',
    nameEn: 'Tianjin port finished goods',
    depotType: 'finished',
    location: '天津市滨海新区',
    managerName: '周鹏',
  },
  {
    code: 'WH-YW-F',
    name: '义乌集散仓',
    nameEn: 'Yiwu distribution',
    depotType: 'finished',
    location: '浙江省义乌市',
    managerName: '钱晓',
  },
  {
    code: 'WH-CD-R',
    name: '成都原料仓',
    nameEn: 'Chengdu raw material',
    depotType: 'raw',
    location: '四川省成都市',
    managerName: '冯涛',
  },
  {
    code: 'WH-HRB-F',
    name: '哈尔滨陆运仓',
    nameEn: 'Harbin rail-freight',
    depotType: 'finished',
    location: '黑龙江省哈尔滨市',
    managerName: '王刚',
  },
] as const

const BOX_SPECS = [
  ['B01', '小号纸箱', 'Small carton', 30, 20, 15, 0.3],
  ['B02', '中号纸箱', 'Medium carton', 40, 30, 25, 0.5],
  ['B03', '大号纸箱', 'Large carton', 60, 40, 35, 0.9],
  ['B04', '胶囊瓶装箱(48瓶)', 'Capsule bottles x48', 45, 30, 22, 0.6],
  ['B05', '饮料箱(24罐)', 'Drinks x24 cans', 40, 27, 13, 0.4],
  ['B06', '葡萄酒箱(6瓶)', 'Wine x6 bottles', 33, 24, 32, 0.8],
  ['B07', '茶叶礼盒箱(12盒)', 'Tea gift boxes x12', 50, 35, 30, 0.7],
  ['B08', '肥料编织袋(25kg)', 'Fertiliser woven bag 25 kg', 80, 50, 15, 0.2],
] as const

/** Suppliers of each type, depots and box specs (DESIGN 5 demo organisation). */
export const seedMasterData = async (db: DbOrTx) => {
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries)
  const countryId = (code: string) => countryRows.find((c) => c.code === code)?.id ?? null
  await db.insert(suppliers).values(
    SUPPLIERS.map(([code, name, nameEn, supplierType, country, contactPerson], i) => ({
      code,
      name,
      nameEn,
      supplierType,
      countryId: countryId(country),
      contactPerson,
      phone: `+86 755 8${String(1000000 + i * 7919).slice(0, 7)}`,
      email: `sales${i + 1}@supplier${i + 1}.example.com`,
      taxNumber: `91440300${String(10000000 + i * 104729).slice(0, 8)}X`,
      bankName: i % 2 ? '中国工商银行' : '中国银行',
      bankAccount: `6222 0000 ${String(1000 + i).padStart(4, '0')} ${String(5000 + i * 3).padStart(4, '0')}`,
      status: i === 19 ? '2' : '1',
      ...pinyinOf(name),
    })),
  )
  await db
    .insert(depots)
    .values(DEPOTS.map((d, i) => ({ ...d, managerPhone: `1390000${String(i).padStart(4, '0')}`, ...pinyinOf(d.name) })))
  await db.insert(boxSpecs).values(
    BOX_SPECS.map(([code, name, nameEn, lengthCm, widthCm, heightCm, grossWeightKg]) => ({
      code,
      name,
      nameEn,
      lengthCm,
      widthCm,
      heightCm,
      grossWeightKg,
      ...pinyinOf(name),
    })),
  )
  // one disabled country, so lists show both states
  await db.update(countries).set({ status: '2' }).where(eq(countries.code, 'MM'))
}
