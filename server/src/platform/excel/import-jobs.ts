import type { ImportProgress, Lang } from '@app/contracts'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { importJobs } from '../../db/schema/index.ts'
import { importTexts } from './texts.ts'

type Phase = ImportProgress['phase']
export type ImportJob = typeof importJobs.$inferSelect

/** A running job not heard of for this long died with its instance. */
export const STALE_JOB_MS = 10 * 60_000

/**
 * Import jobs in the database, so whichever instance a poll reaches can answer it. Progress
 * updates only touch a running job with a smaller count, so a late one never undoes a later one.
 */
export const createImportJobs = (db: Db) => ({
  async create(userId: string, resource: string): Promise<string> {
    const [row] = await db.insert(importJobs).values({ userId, resource }).returning({ id: importJobs.id })
    return row!.id
  },

  async phase(id: string, phase: Phase, counts: { processed?: number; total?: number } = {}) {
    await db
      .update(importJobs)
      .set({ phase, ...counts, updateAt: new Date() })
      .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')))
  },

  async progress(id: string, processed: number) {
    await db
      .update(importJobs)
      .set({ processed, updateAt: new Date() })
      .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running'), lt(importJobs.processed, processed)))
  },

  async finish(
    id: string,
    result: {
      status: 'done' | 'failed'
      processed?: number
      imported?: number
      failed?: number
      errorFileId?: string | null
      message: string
    },
  ) {
    await db
      .update(importJobs)
      .set({ ...result, phase: 'finished', updateAt: new Date() })
      .where(eq(importJobs.id, id))
  },

  async get(id: string): Promise<ImportJob | undefined> {
    const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1)
    return row
  },
})

export type ImportJobs = ReturnType<typeof createImportJobs>

/**
 * A job as its owner's poll sees it; one whose instance went away reads as failed. `orphaned`: the
 * caller knows that no instance runs it (on PGlite only this process could, and it does not: the
 * process that did was killed), so it need not wait STALE_JOB_MS to say so.
 */
export const progressOf = (job: ImportJob, lang: Lang, now = Date.now(), orphaned = false): ImportProgress => {
  const stale = job.status === 'running' && (orphaned || now - job.updateAt.getTime() > STALE_JOB_MS)
  return {
    jobId: job.id,
    status: stale ? 'failed' : (job.status as ImportProgress['status']),
    phase: stale ? 'finished' : (job.phase as ImportProgress['phase']),
    processed: job.processed,
    total: job.total,
    imported: job.imported,
    failed: job.failed,
    errorFileId: job.errorFileId,
    message: stale ? importTexts[lang].interrupted : job.message,
  }
}

/** Imports a single instance runs at once; more wait their turn (each holds a workbook in memory). */
const CONCURRENT_IMPORTS = 2

const runners = new WeakMap<object, ReturnType<typeof newRunner>>()

const newRunner = () => {
  const running = new Set<Promise<void>>()
  const queue: (() => Promise<void>)[] = []
  /** The jobs of this process, queued or running. */
  const ids = new Set<string>()
  let active = 0
  const next = () => {
    while (active < CONCURRENT_IMPORTS && queue.length > 0) {
      const job = queue.shift()!
      active++
      const p: Promise<void> = job()
        .catch(() => {})
        .finally(() => {
          active--
          running.delete(p)
          next()
        })
      running.add(p)
    }
  }
  return {
    start(id: string, job: () => Promise<void>) {
      ids.add(id)
      queue.push(() => job().finally(() => ids.delete(id)))
      next()
    },
    has: (id: string) => ids.has(id),
    /** Waits for the running and queued jobs (the app is closing). */
    async drain() {
      while (running.size > 0 || queue.length > 0) await Promise.allSettled([...running])
    },
  }
}

/** The job runner of this app: one per app, closed with it. */
export const importRunnerOf = (app: FastifyInstance) => {
  let runner = runners.get(app.deps)
  if (!runner) {
    const created = newRunner()
    runners.set(app.deps, created)
    app.addHook('onClose', () => created.drain())
    runner = created
  }
  return runner
}
