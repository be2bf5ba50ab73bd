import { ImportOutlined } from '@ant-design/icons'
import { Errors, errorText } from '@app/contracts'
import { App, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import type { ResourceApi } from '../../api/resources.ts'
import { AuthButton, useButtonPermissions } from '../../auth/permissions.tsx'
import { IMPORT_EXTENSIONS } from '../../config/constants.ts'
import { currentLang } from '../../i18n/index.ts'
import { ImportProgressModal } from './ImportProgressModal.tsx'

/** SPEC 5: only xls or xlsx files are imported. */
export const isImportFile = (name: string) => {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase()
  return name.includes('.') && (IMPORT_EXTENSIONS as readonly string[]).includes(ext)
}

type Props = {
  perm: string
  api: ResourceApi
  /** field -> column title in the current language: how the server reads the header row. */
  titles: () => Record<string, string>
  fileName: string
  onImported: () => void
}

/** Excel import: the file checked here, uploaded, then the server's job followed to its end. */
export const ImportButton = ({ perm, api, titles, fileName, onImported }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const [jobId, setJobId] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const permission = useButtonPermissions().state(perm)

  const start = async (file: File) => {
    setBusy(true)
    try {
      const { jobId } = await api.importExcel(file, titles())
      setJobId(jobId)
      setOpen(true)
    } catch (e) {
      void message.error(failureText(e))
    } finally {
      setBusy(false)
    }
  }

  if (permission === 'hidden') return null
  return (
    <>
      <Upload
        disabled={permission === 'disabled' || busy}
        accept=".xls,.xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!isImportFile(file.name)) {
            void message.error(errorText(Errors.FileTypeNotAllowed.code, currentLang()))
            return Upload.LIST_IGNORE
          }
          void start(file)
          return false
        }}
      >
        <AuthButton perm={perm} icon={<ImportOutlined />} loading={busy} data-testid="import">
          {t('common.actions.import')}
        </AuthButton>
      </Upload>
      {jobId && (
        <ImportProgressModal
          jobId={jobId}
          open={open}
          fileName={fileName}
          onDone={onImported}
          onClose={() => setOpen(false)}
          afterClose={() => setJobId(null)}
        />
      )}
    </>
  )
}
