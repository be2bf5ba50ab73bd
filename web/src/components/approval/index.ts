/** The approval widgets products, sales orders and adjustments reuse (server: platform/approval). */
export { AuditModal, type AuditTarget } from './AuditModal.tsx'
export { AuditProcessModal, AuditProcessSteps } from './AuditProcess.tsx'
export { BatchApproveModal } from './BatchApproveModal.tsx'
export { DecisionTag } from './DecisionTag.tsx'
export { ReviewProgressModal, ReviewProgressView } from './ReviewProgress.tsx'
