import { Errors, ExportQuerySchema, ImportStartSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { principalOf } from '../access.ts'
import { requestInfoOf } from '../audit-log.ts'
import { servesVerb } from '../crud/resource.ts'
import type { RegisteredResource } from '../crud/routes.ts'
import { ok, okResponse } from '../envelope.ts'
import { fail } from '../errors.ts'
import { assertWorkbook } from '../files/detect.ts'
import { createFileStore } from '../files/store.ts'
import { readUpload } from '../files/upload.ts'
import { requestLang } from '../i18n.ts'
import { importHeaderMap } from './columns.ts'
import { sendExport } from './export.ts'
import { runImport } from './import.ts'
import { createImportJobs, importRunnerOf } from './import-jobs.ts'

/** An import file may be this large (the body limit of the app does not apply to multipart). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024

/**
 * The Excel verbs of a resource (DESIGN 3 `exportXls`, `importExcel`), served for every resource
 * by `registerResource`: export by GET or POST with the list query, import as a job.
 */
export const registerExcelRoutes = (parent: FastifyInstance, resource: RegisteredResource) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const { base, menu, name } = resource.compiled.meta
  const tags = [name]
  const { db } = app.deps.database
  const exportDeps = { db, resources: app.deps.resources }
  const summary = `Export ${name} to xlsx: the list query or its selections; langJson titles the columns`

  if (servesVerb(resource.compiled, 'export'))
    app.get(
      `${base}/exportXls`,
      {
        config: { permission: `${menu}:export`, rawResponse: true },
        schema: { tags, summary, querystring: ExportQuerySchema },
      },
      (req, reply) =>
        sendExport(
          exportDeps,
          resource,
          { principal: principalOf(req), lang: requestLang(req), query: req.query },
          req,
          reply,
        ),
    )
  if (servesVerb(resource.compiled, 'export'))
    app.post(
      `${base}/exportXls`,
      {
        config: { permission: `${menu}:export`, rawResponse: true },
        schema: { tags, summary, body: ExportQuerySchema },
      },
      (req, reply) =>
        sendExport(
          exportDeps,
          resource,
          { principal: principalOf(req), lang: requestLang(req), query: req.body },
          req,
          reply,
        ),
    )

  const jobs = createImportJobs(db)
  const runner = importRunnerOf(app)
  if (servesVerb(resource.compiled, 'import'))
    app.post(
      `${base}/importExcel`,
      {
        config: { permission: `${menu}:import` },
        schema: {
          tags,
          summary: `Import ${name} from xlsx (multipart: file, langJson): all rows or none; poll /sys/import/progress`,
          consumes: ['multipart/form-data'],
          response: okResponse(ImportStartSchema),
        },
      },
      async (req) => {
        const principal = principalOf(req)
        const upload = await readUpload(req, { maxBytes: IMPORT_MAX_BYTES, tooLarge: Errors.UploadFailed })
        const file = upload.file ?? fail(Errors.UploadFailed, { reason: 'file missing' })
        await assertWorkbook(file)
        const langJson = upload.fields.langJson
        importHeaderMap(resource.compiled, langJson) // a bad langJson is the caller's 400, not a failed job
        const jobId = await jobs.create(principal.userId, name)
        const files = createFileStore(db, app.deps.config.filesDir)
        const run = {
          jobId,
          buffer: file.buffer,
          langJson,
          principal,
          lang: requestLang(req),
          request: requestInfoOf(req),
          log: req.log,
        }
        runner.start(jobId, () => runImport({ db, resources: app.deps.resources, files, jobs }, resource, run))
        return ok({ jobId })
      },
    )
}
