import type { ImportProgress } from '@app/contracts'
import ExcelJS from 'exceljs'
import { peakRssDuring } from './server.ts'

/** The columns of the supplier list screen with their titles, as the web sends them (langJson). */
export const EXPORT_TITLES = {
  code: '编码',
  name: '名称',
  supplierType: '类型',
  countryId: '国家',
  contactPerson: '联系人',
  phone: '电话',
  taxNumber: '税号',
  status: '状态',
  createAt: '创建时间',
}

/**
 * GET exportXls as a list screen asks for it (every supplier unless another resource's path and
 * query are given); time, size and the server's peak RSS.
 */
export const benchExport = async (
  baseUrl: string,
  token: string,
  pid: number,
  base = '/api/md/supplier',
  params: Record<string, string> = { langJson: JSON.stringify(EXPORT_TITLES) },
) => {
  const started = performance.now()
  const {
    result: bytes,
    peakMb,
    beforeMb,
  } = await peakRssDuring(pid, async () => {
    const query = new URLSearchParams({ column: 'createAt', order: 'desc', ...params })
    const res = await fetch(`${baseUrl}${base}/exportXls?${query}`, {
      headers: { 'x-access-token': token },
    })
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`)
    let n = 0
    for await (const chunk of res.body) n += (chunk as Uint8Array).length
    return n
  })
  return { seconds: (performance.now() - started) / 1000, mb: bytes / 1024 / 1024, peakMb, beforeMb }
}

/** The columns an import takes: the export's, less the ones the system fills in or the bench leaves out. */
const { taxNumber: _tax, createAt: _created, ...IMPORT_TITLES } = EXPORT_TITLES

/** A workbook of `n` new suppliers with the titles the web would send. */
const importWorkbook = async (n: number) => {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('suppliers')
  sheet.addRow(Object.values(IMPORT_TITLES))
  const types = ['原料', '成品', '包材', '代工']
  for (let i = 1; i <= n; i++) {
    sheet.addRow([
      `IMP${String(i).padStart(6, '0')}`,
      `导入供应商${i}`,
      types[i % 4],
      '中国',
      `联系人${i}`,
      `+86 139${i}`,
      '启用',
    ])
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** Upload of `n` rows to importExcel, polled until done: the time a user waits. */
export const benchImport = async (baseUrl: string, token: string, n: number) => {
  const bytes = await importWorkbook(n)
  const form = new FormData()
  form.append('langJson', JSON.stringify(IMPORT_TITLES))
  form.append('file', new Blob([bytes]), 'suppliers.xlsx')
  const started = performance.now()
  const res = await fetch(`${baseUrl}/api/md/supplier/importExcel`, {
    method: 'POST',
    headers: { 'x-access-token': token },
    body: form,
  })
  const { result } = (await res.json()) as { result: { jobId: string } }
  for (;;) {
    const poll = await fetch(`${baseUrl}/api/sys/import/progress?jobId=${result.jobId}`, {
      headers: { 'x-access-token': token },
    })
    const progress = ((await poll.json()) as { result: ImportProgress }).result
    if (progress.status !== 'running') {
      return { seconds: (performance.now() - started) / 1000, progress }
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}
