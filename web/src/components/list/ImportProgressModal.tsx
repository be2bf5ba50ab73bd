import type { ImportProgress } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Descriptions, Modal, Progress, Space } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { saveFile } from '../../api/download.ts'
import { listSupportApi } from '../../api/resources.ts'

const POLL_MS = 500

type Props = {
  jobId: string
  open: boolean
  fileName: string
  onDone: () => void
  onClose: () => void
  afterClose: () => void
}

const percentOf = (p: ImportProgress | undefined) =>
  p && p.total > 0 ? Math.min(100, Math.round((p.processed / p.total) * 100)) : 0

/**
 * Follows an import job: progress while it runs; at the end the count imported, or the counts and a
 * link to the error workbook (the uploaded sheet with an error column) when nothing was written.
 */
export const ImportProgressModal = ({ jobId, open, fileName, onDone, onClose, afterClose }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data, error } = useQuery({
    queryKey: ['import', 'progress', jobId],
    queryFn: () => listSupportApi.importProgress(jobId),
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : POLL_MS),
    staleTime: 0,
    gcTime: 0,
  })
  const finished = data && data.status !== 'running'
  const reported = useRef(false)
  useEffect(() => {
    if (data?.status === 'done' && !reported.current) {
      reported.current = true
      onDone()
    }
  }, [data, onDone])

  const downloadErrors = async (attachId: string) => {
    try {
      saveFile(await listSupportApi.downloadFile(attachId), `${fileName}-errors.xlsx`)
    } catch {
      void message.error(t('common.http.downloadFailed'))
    }
  }

  return (
    <Modal
      open={open}
      title={t('list.import.title')}
      onCancel={onClose}
      afterClose={afterClose}
      footer={
        <Button type="primary" onClick={onClose} disabled={!finished && !error} data-testid="import-close">
          {t('common.actions.close')}
        </Button>
      }
      closable={Boolean(finished || error)}
      mask={{ closable: false }}
      data-testid="import-modal"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Progress
          percent={percentOf(data)}
          status={data?.status === 'failed' || error ? 'exception' : data?.status === 'done' ? 'success' : 'active'}
        />
        {!finished && !error && <span>{t(`list.import.phases.${data?.phase ?? 'reading'}`)}</span>}
        {error && <Alert type="error" showIcon title={error.message} />}
        {data?.status === 'done' && (
          <Alert
            type="success"
            showIcon
            title={t('list.import.done', { count: data.imported })}
            data-testid="import-result"
          />
        )}
        {data?.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            data-testid="import-result"
            title={data.message ?? t('list.import.failed')}
            description={
              <Space orientation="vertical">
                <Descriptions
                  size="small"
                  column={3}
                  items={[
                    { key: 'total', label: t('list.import.total'), children: data.total },
                    { key: 'failed', label: t('list.import.failedRows'), children: data.failed },
                    { key: 'imported', label: t('list.import.imported'), children: data.imported },
                  ]}
                />
                {data.errorFileId && (
                  <Button
                    type="link"
                    style={{ padding: 0 }}
                    onClick={() => void downloadErrors(data.errorFileId as string)}
                    data-testid="import-error-file"
                  >
                    {t('list.import.errorFile')}
                  </Button>
                )}
              </Space>
            }
          />
        )}
      </Space>
    </Modal>
  )
}
