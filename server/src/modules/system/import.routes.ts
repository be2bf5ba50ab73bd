import { ImportProgressSchema } from '@app/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { principalOf } from '../../platform/access.ts'
import { ok, okResponse } from '../../platform/envelope.ts'
import { notFound } from '../../platform/errors.ts'
import { createImportJobs, importRunnerOf, progressOf } from '../../platform/excel/import-jobs.ts'
import { requestLang } from '../../platform/i18n.ts'

/** The progress of an Excel import (the imports themselves are `<base>/importExcel` of each resource). */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = createImportJobs(app.deps.database.db)
  const runner = importRunnerOf(app)
  // PGlite: one process per database (DATA_DIR's lock), so a job this one does not run was cut off
  // by a kill; on PostgreSQL another instance may be running it
  const alone = app.deps.database.kind === 'pglite'

  app.get(
    '/sys/import/progress',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['system'],
        summary: 'Progress of one of your imports: phase, counts, and the error file when rows failed',
        querystring: z.object({ jobId: z.string().uuid() }),
        response: okResponse(ImportProgressSchema),
      },
    },
    async (req) => {
      const job = await jobs.get(req.query.jobId)
      // someone else's job is as unknown to the caller as a job that never was
      if (!job || job.userId !== principalOf(req).userId) notFound()
      return ok(progressOf(job, requestLang(req), Date.now(), alone && !runner.has(job.id)))
    },
  )
}
