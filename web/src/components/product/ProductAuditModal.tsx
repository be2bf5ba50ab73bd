import { isOpenApproval, type Product } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Empty, Input, Modal, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText } from '../../api/http.ts'
import { productApi, productKeys } from '../../api/product.ts'
import { keys } from '../../api/queries.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { modalWidth } from '../../config/constants.ts'
import { ReviewProgressView } from '../approval/ReviewProgress.tsx'

type Props = {
  product: Pick<Product, 'id' | 'name'> | null
  open: boolean
  onClose: () => void
  afterClose?: () => void
}

/**
 * The product audit modal: the review's steps and history, and the current reviewer's decision
 * with its required note (SPEC 5). The server decides who may decide.
 */
export const ProductAuditModal = ({ product, open, onClose, afterClose }: Props) => {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState(false)
  const [busy, setBusy] = useState(false)
  const id = product?.id ?? ''
  const progress = useQuery({
    queryKey: productKeys.progress(id),
    queryFn: () => productApi.auditProgress(id),
    enabled: open && !!id,
  })
  const review = progress.data
  const isOpen = review && isOpenApproval(review.status)

  const decide = async (decision: 'approve' | 'reject') => {
    if (!note.trim()) {
      setNoteError(true)
      return
    }
    setBusy(true)
    try {
      await productApi.audit({ id, decision, note: note.trim(), stepNo: review?.currentStep, version: review?.version })
      void message.success(t('product.audit.done'))
      setNote('')
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.resource.all('product') }),
        client.invalidateQueries({ queryKey: productKeys.progress(id) }),
      ])
      onClose()
    } catch (e) {
      void message.error(failureText(e))
      void progress.refetch()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('product.audit.title', { name: product?.name ?? '' })}
      width={modalWidth()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      data-testid="product-audit-modal"
      footer={
        isOpen ? (
          <Space>
            <AuthButton
              perm="pro_product:audit"
              danger
              loading={busy}
              onClick={() => void decide('reject')}
              data-testid="audit-reject"
            >
              {t('product.actions.reject')}
            </AuthButton>
            <AuthButton
              perm="pro_product:audit"
              type="primary"
              loading={busy}
              onClick={() => void decide('approve')}
              data-testid="audit-approve"
            >
              {t('product.actions.approve')}
            </AuthButton>
          </Space>
        ) : null
      }
    >
      <Spin spinning={progress.isLoading}>
        {review === null && <Empty description={t('product.audit.none')} />}
        {review && (
          <Space direction="vertical" style={{ width: '100%' }} size="large">
            <ReviewProgressView progress={review} />
            {isOpen && (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text>{t('product.audit.note')}</Typography.Text>
                <Input.TextArea
                  rows={3}
                  maxLength={500}
                  showCount
                  value={note}
                  status={noteError ? 'error' : undefined}
                  onChange={(e) => {
                    setNote(e.target.value)
                    setNoteError(false)
                  }}
                  data-testid="audit-note"
                />
                {noteError && <Alert type="error" showIcon message={t('product.audit.noteRequired')} />}
              </Space>
            )}
          </Space>
        )}
      </Spin>
    </Modal>
  )
}
