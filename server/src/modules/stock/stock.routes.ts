import {
  BranchStockUploadResultSchema,
  Errors,
  ProductionInSchema,
  PurchaseInSchema,
  SalesOutSchema,
  StockDocDetailSchema,
} from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { fail } from '../../platform/errors.ts'
import { attachmentDisposition } from '../../platform/files/access.ts'
import { assertWorkbook, XLSX_MIME } from '../../platform/files/detect.ts'
import { readUpload } from '../../platform/files/upload.ts'
import { requestLang } from '../../platform/i18n.ts'
import type { BranchStockService } from './branch-stock.service.ts'
import type { StockDocService } from './stock-doc.service.ts'

const UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/** Stock documents and the branch stock upload (menu pro_stock; buttons stockIn, stockOut, uploadStock). */
export const stockRoutes =
  (deps: { docs: StockDocService; branchStock: BranchStockService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { docs, branchStock } = deps
    const tags = ['stock']
    const detail = okResponse(StockDocDetailSchema)

    app.post(
      '/pro/stock/purchaseIn',
      {
        config: { permission: 'pro_stock:stockIn' },
        schema: {
          tags,
          summary: 'Posts a purchase-in document (batch required)',
          body: PurchaseInSchema,
          response: detail,
        },
      },
      async (req) => ok(await docs.purchaseIn(req, principalOf(req), req.body)),
    )

    app.post(
      '/pro/stock/productionIn',
      {
        config: { permission: 'pro_stock:stockIn' },
        schema: {
          tags,
          summary: 'Posts a production-in document (batch required; expiry from the shelf life)',
          body: ProductionInSchema,
          response: detail,
        },
      },
      async (req) => ok(await docs.productionIn(req, principalOf(req), req.body)),
    )

    app.post(
      '/pro/stock/salesOut',
      {
        config: { permission: 'pro_stock:stockOut' },
        schema: {
          tags,
          summary: 'Posts a sales-out document of sellable products (earliest expiry first); never below zero',
          body: SalesOutSchema,
          response: detail,
        },
      },
      async (req) => ok(await docs.salesOut(req, principalOf(req), req.body)),
    )

    app.get(
      '/pro/stockDoc/queryDetail',
      {
        config: { permission: 'pro_stock' },
        schema: {
          tags,
          summary: 'A stock document with its lines',
          querystring: z.object({ id: z.string().uuid() }),
          response: detail,
        },
      },
      async (req) => ok(await docs.detail(req.query.id)),
    )

    app.post(
      '/pro/branchStock/upload',
      {
        config: { permission: 'pro_stock:uploadStock' },
        schema: {
          tags,
          summary: "Uploads a branch's stock (multipart: branchId, file xlsx); replaces what it had reported",
          consumes: ['multipart/form-data'],
          response: okResponse(BranchStockUploadResultSchema),
        },
      },
      async (req) => {
        const upload = await readUpload(req, { maxBytes: UPLOAD_MAX_BYTES, tooLarge: Errors.UploadFailed })
        const file = upload.file ?? fail(Errors.UploadBranchStock)
        await assertWorkbook(file)
        const branchId = z.string().uuid().safeParse(upload.fields.branchId)
        if (!branchId.success) fail(Errors.ParameterError, { field: 'branchId' })
        return ok(await branchStock.upload(req, principalOf(req), branchId.data, file.buffer, requestLang(req)))
      },
    )

    app.get(
      '/pro/branchStock/template',
      {
        config: { permission: 'pro_stock:uploadStock', rawResponse: true },
        schema: { tags, summary: 'The branch stock workbook template, titled in the caller’s language' },
      },
      async (req, reply) => {
        const lang = requestLang(req)
        const buffer = await branchStock.template(lang)
        return reply
          .type(XLSX_MIME)
          .header(
            'content-disposition',
            attachmentDisposition(lang === 'zh' ? '分公司库存模板.xlsx' : 'branch-stock-template.xlsx'),
          )
          .send(buffer)
      },
    )
  }
