import { Modal } from 'antd'
import { modalWidth } from '../../config/constants.ts'
import type { RecordEditorProps } from '../list/types.ts'
import { NoticeForm } from './NoticeForm.tsx'

/** The notice list's editor: the rich-text notice form in the list's modal; saving keeps it open. */
export const NoticeEditorModal = ({ target, open, title, onClose, afterClose, onSaved }: RecordEditorProps) => (
  <Modal
    open={open}
    title={title}
    width={modalWidth()}
    footer={null}
    destroyOnHidden
    onCancel={onClose}
    afterClose={afterClose}
    data-testid="notice-editor"
  >
    <NoticeForm
      noticeId={target.mode === 'edit' ? target.id : null}
      onSaved={onSaved}
      onPublished={() => {
        onSaved()
        onClose()
      }}
      onCancel={onClose}
    />
  </Modal>
)
