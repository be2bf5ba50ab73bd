/**
 * Order adjustments (issue 16): the section an order's detail mounts given the order
 * (`OrderAdjustments`), the adjustment request modal (`ApplyModifyModal`, for an order chosen by
 * the caller or picked in it), the request's compare view and the tags of a request's types and
 * review status.
 */

export { ApplyModifyCompareModal, ApplyModifyCompareView } from './ApplyModifyCompare.tsx'
export { type AdjustOrderRef, ApplyModifyModal } from './ApplyModifyModal.tsx'
export { ModifyTypeTag, ModifyTypeTags, RequestStatusTag } from './ModifyTags.tsx'
export { OrderAdjustments } from './OrderAdjustments.tsx'
