import { ExportOutlined } from '@ant-design/icons'
import { App } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { saveFile } from '../../api/download.ts'
import { ApiError } from '../../api/http.ts'
import type { ListParams, ResourceApi } from '../../api/resources.ts'
import { AuthButton } from '../../auth/permissions.tsx'

type Props = {
  perm: string
  api: ResourceApi
  params: ListParams
  /** Selected ids: only those rows; none: every row of the current query. */
  selection: readonly string[]
  /** field -> column title in the current language, in column order. */
  titles: () => Record<string, string>
  fileName: string
}

/**
 * Excel export of the selection or of the current query (SPEC 7), titled in the language shown.
 * An empty export, or any other failure to get the file, says 'File download failed' (SPEC 8).
 */
export const ExportButton = ({ perm, api, params, selection, titles, fileName }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      saveFile(await api.exportXls(params, titles(), selection), `${fileName}.xlsx`)
    } catch (e) {
      const permissionOrSession = e instanceof ApiError && (e.status === 401 || e.status === 403)
      void message.error(permissionOrSession ? e.message : t('common.http.downloadFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <AuthButton perm={perm} icon={<ExportOutlined />} loading={busy} onClick={() => void run()} data-testid="export">
      {selection.length ? t('list.export.selected', { count: selection.length }) : t('common.actions.export')}
    </AuthButton>
  )
}
