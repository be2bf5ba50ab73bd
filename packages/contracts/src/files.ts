import { z } from 'zod'

/**
 * Files (issue 4): POST `/file/upload` (multipart `file`, optional `tableDic` + `objectId` to
 * attach it to a record; images png / jpeg / gif / webp under 2 MB, checked by content),
 * GET `/file/downloadById?attachId=` (the bytes), GET `/sys/attachment/queryByObjectIdAndDic`
 * (`tableDic`, `objectId`: a record's attachments). `tableDic` names the owning resource
 * (`supplier`, or its table `md_supplier`); reading a file needs the right to read that record.
 */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

export const AttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  tableDic: z.string().nullable(),
  objectId: z.string().nullable(),
  createAt: z.coerce.date(),
})
export type Attachment = z.infer<typeof AttachmentSchema>

export const AttachmentQuerySchema = z.object({
  tableDic: z.string().min(1).max(64),
  objectId: z.string().min(1).max(64),
})
