import type { Lang } from '@app/contracts'

/** What an import says about rows and about itself, in the request's language. */
export const importTexts = {
  zh: {
    errorColumn: '错误信息',
    repeatsRow: (title: string, row: number) => `${title}: 与第 ${row} 行重复`,
    unknownValue: (title: string, text: string) => `${title}: 无效的值「${text}」`,
    notFound: (title: string, text: string) => `${title}: 找不到「${text}」`,
    ambiguous: (title: string, text: string) => `${title}: 「${text}」对应多条记录`,
    exists: (title: string, text: string, duplicate: string) => `${title}: ${duplicate}（${text}）`,
    noColumns: '表头中没有可导入的列，请使用导出文件的表头',
    imported: (n: number) => `成功导入 ${n} 条数据`,
    rejected: (failed: number, total: number) =>
      `共 ${total} 行，其中 ${failed} 行有错误，未导入任何数据。请下载错误文件，修改后重新导入`,
    interrupted: '导入已中断，请重新导入',
  },
  en: {
    errorColumn: 'Errors',
    repeatsRow: (title: string, row: number) => `${title}: same as row ${row}`,
    unknownValue: (title: string, text: string) => `${title}: unknown value "${text}"`,
    notFound: (title: string, text: string) => `${title}: "${text}" not found`,
    ambiguous: (title: string, text: string) => `${title}: "${text}" matches several records`,
    exists: (title: string, text: string, duplicate: string) => `${title}: ${duplicate} (${text})`,
    noColumns: 'No column of the header row can be imported; use the header of an exported file',
    imported: (n: number) => `${n} rows imported`,
    rejected: (failed: number, total: number) =>
      `${failed} of ${total} rows have errors; nothing was imported. Download the error file, correct it and import it again`,
    interrupted: 'The import was interrupted; please import the file again',
  },
} satisfies Record<Lang, unknown>

/** Every error-column title we ever wrote, so a corrected error file imported again reuses it. */
export const ERROR_COLUMN_TITLES = new Set(Object.values(importTexts).map((t) => t.errorColumn.toLowerCase()))
