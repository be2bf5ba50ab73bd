import { readFileSync } from 'node:fs'
import { createRecorder } from './floor-writes.ts'
import { together } from './list.ts'
import { type Context, log, ms, type Row, spreadOf } from './report.ts'
import {
  benchApprovals,
  benchApprovalsFloor,
  benchDeliveries,
  benchDeliveriesFloor,
  type FloorRun,
  type Work,
} from './sales-work.ts'
import { backendsCpu, cpuBetween, cpuMsOf } from './server.ts'

/**
 * The orders section's writes many people make at once (approvals, deliveries), each round beside
 * a round of its floor: the same statements through bare pg (floor-writes.ts, sales-work.ts).
 */

/** How the orders section runs its measures: rounds, connections, the parts asked for. */
export type WorkSettings = { rounds: number; connections: number; measured: (part: WorkMeasure['part']) => boolean }

/**
 * KB the machine has read from its disks since boot (`pgpgin`): the work below is measured with
 * how much of it waited for pages its page cache no longer held. On the development VM, memory
 * idle for a minute is paged out (DAMON), so a database loaded minutes before is read again from
 * disk: approvals on an idle database of 150 000 orders made 7/s, then 273/s and 475/s once read.
 */
const diskReadKb = () => Number(readFileSync('/proc/vmstat', 'utf8').match(/^pgpgin (\d+)$/m)?.[1] ?? 0)

const WORK_SECONDS = Number(process.env.BENCH_WORK_SECONDS ?? 10)
/** A floor round sends this many times the writes the app made in the round before it. */
const FLOOR_SHARE = 1

/** CPU in ms: the app server's, the database's during the app's rounds, the database's during the floor's. */
type WorkCpu = { server: number; appDb: number; floorDb: number }

/**
 * A write many people make at once: its name, what one write is called (`unit`), the writes a
 * second it must reach (`target`), the check after each round, and its rounds through the app and
 * through the floor (sales-work.ts).
 */
type WorkMeasure = {
  part: 'approvals' | 'deliveries'
  name: string
  unit: string
  target: number
  check: string
  app: (databaseUrl: string, baseUrl: string, connections: number, seconds: number) => Promise<Work>
  floor: (run: FloorRun) => Promise<Work>
}

const SALES_WORK: readonly WorkMeasure[] = [
  {
    part: 'approvals',
    name: 'approvals (3 reviewers, each on the orders at their step)',
    unit: 'decisions',
    target: 300,
    check: 'approvals: decided orders not where their decision put them',
    app: benchApprovals,
    floor: benchApprovalsFloor,
  },
  {
    part: 'deliveries',
    name: 'deliveries (whole orders from one depot, batches earliest expiry first)',
    unit: 'postings',
    target: 100,
    check: 'deliveries: stock unlike its ledger, a sales-out unlike its delivery, negative, or shipped beyond a line',
    app: benchDeliveries,
    floor: benchDeliveriesFloor,
  },
]

/**
 * Writes many people make at once (approvals, deliveries): `rounds` rounds of WORK_SECONDS through
 * the app, each on what still waits for it and checked after it, each followed by a round of its
 * floor (the same statements through bare pg, recorded by `recorder`: FLOOR_SHARE times the writes
 * the app made, recorded then sent), so a slow or fast spell of the machine falls on both.
 */
const workRows = async (
  { databaseUrl, baseUrl, pid }: Context,
  { name, unit, target, check, app: appRound, floor }: WorkMeasure,
  recorder: FloorRun['recorder'],
  { rounds, connections }: WorkSettings,
): Promise<Row[]> => {
  const apps: (Work & { readMb: number })[] = []
  const floors: Work[] = []
  const cpu: WorkCpu = { server: 0, appDb: 0, floorDb: 0 }
  for (let round = 0; round < rounds; round++) {
    log(`${name}, round ${round + 1} of ${rounds}, ${WORK_SECONDS} s`)
    const readBefore = diskReadKb()
    const serverBefore = cpuMsOf(pid)
    let dbBefore = await backendsCpu(databaseUrl)
    const app = await appRound(databaseUrl, baseUrl, connections, WORK_SECONDS)
    // nothing was left waiting (a small dataset): the rounds end, and the measures are of those before
    if (app.done === 0 && apps.length > 0) {
      log(`${name}: nothing left waiting for round ${round + 1}; measured over ${apps.length} rounds`)
      break
    }
    cpu.appDb += cpuBetween(dbBefore, await backendsCpu(databaseUrl))
    cpu.server += cpuMsOf(pid) - serverBefore
    // what the machine read from its disk meanwhile: pages its page cache no longer held
    apps.push({ ...app, readMb: (diskReadKb() - readBefore) / 1024 })
    const count = Math.max(1, Math.ceil(app.done * FLOOR_SHARE))
    log(`${name}, round ${round + 1} of ${rounds}: the floor, ${count} recorded writes`)
    // the floor's backends from its first write to its last (its recording not counted)
    const measure = {
      start: async () => {
        dbBefore = await backendsCpu(databaseUrl)
      },
      end: async () => {
        cpu.floorDb += cpuBetween(dbBefore, await backendsCpu(databaseUrl))
      },
    }
    floors.push(await floor({ databaseUrl, baseUrl, recorder, connections, count, measure }))
  }
  const rate = (w: Work) => w.done / w.result.seconds
  const doneOf = (ws: Work[]) => ws.reduce((s, w) => s + w.done, 0)
  const total = (ws: Work[]) => doneOf(ws) / ws.reduce((s, w) => s + w.result.seconds, 0)
  const ratio = total(apps) / total(floors)
  const all = together(apps.map((r) => r.result))
  const floorAll = together(floors.map((r) => r.result))
  const broken = [...apps, ...floors].reduce((s, w) => s + w.broken, 0)
  const errors = all.errors + floorAll.errors
  return [
    {
      metric: `${name}: per round (min / median / max)`,
      value: `${spreadOf(apps.map(rate), (x) => x.toFixed(0))} ${unit}/s (MB read from disk: ${apps.map((r) => r.readMb.toFixed(0)).join(', ')})`,
    },
    {
      metric: name,
      value: `${total(apps).toFixed(0)} ${unit}/s, p95 ${ms(all.p95)} (${all.errors} errors)`,
      target: `>= ${target}/s`,
      ok: total(apps) >= target,
    },
    {
      metric: `${name}: floor (bare pg), per round (min / median / max)`,
      value: `${total(floors).toFixed(0)} ${unit}/s, p95 ${ms(floorAll.p95)} (${floorAll.errors} errors); ${spreadOf(floors.map(rate), (x) => x.toFixed(0))}`,
    },
    {
      metric: `${name}: app / floor per round (min / median / max)`,
      value: spreadOf(
        apps.map((a, i) => rate(a) / rate(floors[i]!)),
        (x) => x.toFixed(2),
      ),
    },
    { metric: `${name}: app / floor`, value: `${ratio.toFixed(2)}x`, target: '>= 0.7x', ok: ratio >= 0.7 },
    {
      metric: `${name}: CPU per write: app server / database (app) / database (floor)`,
      value: [cpu.server / doneOf(apps), cpu.appDb / doneOf(apps), cpu.floorDb / doneOf(floors)]
        .map((x) => `${x.toFixed(2)} ms`)
        .join(' / '),
    },
    { metric: check, value: String(broken), target: '0', ok: broken === 0 && errors === 0 },
  ]
}

/** Many people at work: reviewers deciding, logistics shipping, each beside its floor; then the invariants. */
export const salesWorkRows = async (ctx: Context, settings: WorkSettings) => {
  const recorder = await createRecorder(ctx.databaseUrl)
  try {
    const rows: Row[] = []
    for (const work of SALES_WORK)
      if (settings.measured(work.part)) rows.push(...(await workRows(ctx, work, recorder, settings)))
    return rows
  } finally {
    await recorder.close()
  }
}
