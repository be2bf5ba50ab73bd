import type { BatchApproveResult } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { approvalApi, approvalKeys } from '../../api/approval.ts'
import { NoteModal } from '../NoteModal.tsx'

type Props = {
  /** The reviews to approve; the modal is open while there are some. */
  ids: readonly string[]
  onClose: () => void
  /** Each review is decided on its own: the result says which were approved and why others were not. */
  onDone: (result: BatchApproveResult) => void
}

/** Bulk approve (SPEC 7 batch actions) with one review note for all of them. */
export const BatchApproveModal = ({ ids, onClose, onDone }: Props) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return (
    <NoteModal<readonly string[], { note: string }, BatchApproveResult>
      target={ids.length > 0 ? ids : null}
      title={t('approval.review.batchTitle', { count: ids.length })}
      name="batch-approve"
      initialValues={{ note: '' }}
      note={{
        name: 'note',
        label: t('approval.review.note'),
        required: t('approval.review.noteRequired'),
        placeholder: t('approval.review.notePlaceholder'),
        rows: 3,
      }}
      submit={(reviews, { note }) => approvalApi.batchApprove(reviews, note)}
      onDone={async (result) => {
        await queryClient.invalidateQueries({ queryKey: approvalKeys.all })
        onDone(result)
      }}
      onClose={onClose}
      // the http client has shown the refusal
      reportFailure={false}
      okText={t('approval.review.batchApprove')}
      submitTestId="batch-approve-submit"
    />
  )
}
