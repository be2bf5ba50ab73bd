import { z } from 'zod'

/** ERP sync (issue 17): what the sync button sends, and an order's sync history. */
export const SaleOrderSyncSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(500) })
export type SaleOrderSync = z.input<typeof SaleOrderSyncSchema>
export const SaleOrderSyncResultSchema = z.object({ queued: z.number().int() })

/** The documents the ERP receives (U8 calls, `u8-mapping.ts` on the server). */
export const ErpMessageKind = ['saleorder.add', 'saleorder.edit', 'saleorder.delete', 'consignment.add'] as const
export type ErpMessageKind = (typeof ErpMessageKind)[number]
/** Where an outbox message stands. */
export const ErpMessageStatus = { Pending: 'pending', Sent: 'sent', Failed: 'failed' } as const
export type ErpMessageStatus = (typeof ErpMessageStatus)[keyof typeof ErpMessageStatus]

export const ErpMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(ErpMessageKind),
  status: z.enum([ErpMessageStatus.Pending, ErpMessageStatus.Sent, ErpMessageStatus.Failed]),
  attempts: z.number().int(),
  tradeId: z.string().nullable(),
  erpDocId: z.string().nullable(),
  lastError: z.string().nullable(),
  createAt: z.coerce.date(),
  sentAt: z.coerce.date().nullable(),
  nextAttemptAt: z.coerce.date(),
})
export type ErpMessage = z.output<typeof ErpMessageSchema>
