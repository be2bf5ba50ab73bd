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

/**
 * How an order reaches the ERP (the order detail's ERP tab): the sales order's header fields and
 * where they come from, and each line as U8 receives it, in the product's base unit.
 */
export const ErpOrderMappingSchema = z.object({
  /** The account set (`to_account`): the order's company. */
  toAccount: z.string(),
  /** The customer: the branch's code and name. */
  custcode: z.string(),
  customer: z.string(),
  /** The department: the branch's department (its org code and name). */
  deptcode: z.string().nullable(),
  deptName: z.string().nullable(),
  /** The salesperson: whoever placed the order (user name and name). */
  personcode: z.string().nullable(),
  personName: z.string().nullable(),
  /** The delivery address: the branch's country and name. */
  sendaddress: z.string(),
  lines: z.array(
    z.object({
      rowno: z.number().int(),
      inventorycode: z.string(),
      product: z.string(),
      /** As ordered: quantity in the order's unit, and how many base units one holds. */
      ordered: z.number(),
      unit: z.string(),
      rate: z.number(),
      /** As U8 receives it. */
      quantity: z.number(),
      unitcode: z.string(),
      bgift: z.number().int(),
      taxrate: z.number(),
      taxunitprice: z.number(),
      unitprice: z.number(),
      money: z.number(),
      tax: z.number(),
      sum: z.number(),
    }),
  ),
})
export type ErpOrderMapping = z.output<typeof ErpOrderMappingSchema>
