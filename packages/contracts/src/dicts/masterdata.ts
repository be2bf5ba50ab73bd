import { type DictDef, item } from './types.ts'

export const Status = { Enabled: '1', Disabled: '2' } as const
export type Status = (typeof Status)[keyof typeof Status]

export const masterDataDicts: readonly DictDef[] = [
  {
    code: 'status',
    textId: 102301,
    zh: '状态',
    en: 'Status',
    items: [item(Status.Enabled, 101807, '启用', 'Enabled'), item(Status.Disabled, 101808, '停用', 'Disabled')],
  },
  {
    code: 'supplier_type',
    textId: 102302,
    zh: '供应商类型',
    en: 'Supplier type',
    items: [
      item('raw', 101201, '原料', 'Raw material'),
      item('finished', 101202, '成品', 'Finished product'),
      item('packaging', 101203, '包材', 'Packaging material'),
      item('oem', 101204, '代工', 'OEM'),
    ],
  },
  {
    code: 'depot_type',
    textId: 102303,
    zh: '仓库类型',
    en: 'Warehouse type',
    items: [item('finished', 101901, '成品仓', 'Finished goods'), item('raw', 101902, '原料仓', 'Raw material')],
  },
]
