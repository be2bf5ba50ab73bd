import { Modal } from 'antd'
import type { ReactNode } from 'react'
import { modalWidth } from '../../config/constants.ts'

type Props = {
  open: boolean
  title: ReactNode
  onClose: () => void
  afterClose?: () => void
  'data-testid'?: string
  children: ReactNode
}

/**
 * A read-only dialog (a record, its history, a change, a log entry, a stock document): the list
 * screens' modal width (SPEC 9), no footer, emptied when closed.
 */
export const ViewModal = ({ open, title, onClose, afterClose, children, ...rest }: Props) => (
  <Modal
    open={open}
    title={title}
    width={modalWidth()}
    onCancel={onClose}
    afterClose={afterClose}
    footer={null}
    destroyOnHidden
    data-testid={rest['data-testid']}
  >
    {children}
  </Modal>
)
