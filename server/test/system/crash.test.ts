import { statSync } from 'node:fs'
import path from 'node:path'
import { Errors, OrderStatus, RoleCode, type SaleOrderDetail, type SellableProduct } from '@app/contracts'
import ExcelJS from 'exceljs'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { COUNT_CAP } from '../../src/platform/crud/list-total.ts'
import { testDbKind } from '../helpers/database.ts'
import {
  call,
  filesIn,
  healthy,
  killAll,
  login,
  pgData,
  pgliteData,
  type Query,
  removeAllData,
  type ServerData,
  type Spawned,
  startServer,
  waitFor,
} from '../helpers/spawn-server.ts'
import { PNG } from '../product/helpers.ts'
import { dayFrom, orderForm } from '../sales/helpers.ts'

/**
 * kill -9 in the middle of work (issue 20). A real server process is importing 10 000 suppliers,
 * with deliveries, approvals and uploads in flight, when it is killed; started again on the same
 * data, the data must hold what an operator would check: no partial import, stock equal to its
 * ledger, no review step decided twice, no file without its row nor row without its file, what
 * the server answered done is there (and of the uploads cut off at most whole ones); and the
 * interrupted work can be done again.
 */

afterEach(killAll)
afterAll(removeAllData)

/** A server's data, and how the test looks at it. */
type Site = ServerData & {
  /** The seed's Moscow branch and a finished-goods depot. */
  branchId: string
  depotId: string
  /** Bytes of the suppliers' table: they grow as an import writes its rows, committed or not. */
  supplierBytes: () => Promise<number>
  /**
   * PostgreSQL: hold the operation log and the attachments as a long transaction elsewhere would,
   * so that every write stops mid-transaction (the import after its first rows, a delivery after
   * its stock moved, an approval after its step) and an upload after its bytes are on disk; answers
   * how many transactions wait, and the release. PGlite runs one transaction at a time and nothing
   * else while it does: the import's is the one cut, the rest are requests not yet served.
   */
  stall?: () => Promise<{ waiting: () => Promise<number>; release: () => Promise<void> }>
}

const places = async (q: Query) => ({
  branchId: (await q<{ id: string }>(`select id from md_branch where code = 'RU-MOW'`))[0]!.id,
  depotId: (await q<{ id: string }>(`select id from md_depot where depot_type = 'finished' order by code`))[0]!.id,
})

const pgliteSite = async (): Promise<Site> => {
  const { looked, ...data } = await pgliteData(async (q) => ({
    file: (await q<{ file: string }>(`select pg_relation_filepath('md_supplier') as file`))[0]!.file,
    ...(await places(q)),
  }))
  const { file, ...at } = looked
  return { ...data, ...at, supplierBytes: async () => statSync(path.join(data.dataDir, 'pglite', file)).size }
}

const pgSite = async (): Promise<Site> => {
  const data = await pgData()
  const one = async (text: string) => Number(Object.values((await data.sql((q) => q(text)))[0]!)[0])
  return {
    ...data,
    ...(await data.sql(places)),
    supplierBytes: () => one(`select pg_relation_size('md_supplier')`),
    stall: async () => {
      const holder = new pg.Client({ connectionString: data.url })
      await holder.connect()
      await holder.query('begin; lock table sys_log, sys_attachment in exclusive mode')
      return {
        waiting: () =>
          one(`select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
        release: () => holder.end(),
      }
    },
  }
}

// ------------------------------------------------------------------------------- requests
const PEOPLE = {
  admin: 'admin',
  branch: RoleCode.BranchAdmin,
  region: RoleCode.RegionPresident,
  finance: RoleCode.BranchFinance,
  gm: RoleCode.GmPresident,
  logistics: RoleCode.LogisticsAdmin,
} as const
type Who = keyof typeof PEOPLE
const REVIEWERS = ['region', 'finance', 'gm'] as const
type Progress = { status: string; phase: string; imported: number; message: string | null }
type Answer<T> = { status: number; body: { code: number; result: T } }

const ROWS = 10_000
const COLUMNS = { code: '编码', name: '名称', supplierType: '类型', countryId: '国家', status: '状态' }
const importFile = async () => {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('suppliers')
  sheet.addRow(Object.values(COLUMNS))
  for (let i = 1; i <= ROWS; i++)
    sheet.addRow([`CRASH${String(i).padStart(5, '0')}`, `供应商${i}`, '原料', '中国', '启用'])
  return new Blob([await wb.xlsx.writeBuffer()])
}

/** The people of the test, signed in to one server, and what they do there. */
const client = async (s: Spawned) => {
  const t = {} as Record<Who, string>
  for (const [who, username] of Object.entries(PEOPLE)) t[who as Who] = await login(s, username)
  const get = async <T>(who: Who, url: string) => (await call<T>(s, 'GET', `/api/${url}`, t[who])).body.result
  const post = <T>(who: Who, url: string, body: unknown) => call<T>(s, 'POST', `/api/${url}`, t[who], body)
  const form = async <T>(
    url: string,
    file: [Blob, string],
    fields: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.append(k, v)
    body.append('file', ...file)
    const res = await fetch(`${s.url}/api/${url}`, { method: 'POST', headers: { 'x-access-token': t.admin }, body })
    return { status: res.status, body: (await res.json()) as Answer<T>['body'] }
  }
  return {
    get,
    post,
    approve: (who: Who, id: string) => post(who, 'sale/order/audit', { id, decision: 'approve', note: 'crash test' }),
    detail: (id: string) => get<SaleOrderDetail>('branch', `sale/order/queryById?id=${id}`),
    deliver: (depotId: string, orderId: string, lines: { orderLineId: string; quantity: number }[]) =>
      post<{ deliveryNo: string; status: number }>('logistics', 'sale/delivery/add', {
        ...{ orderId, depotId, lines },
        shipDate: dayFrom(0),
      }),
    upload: () => form<{ id: string }>('file/upload', [new Blob([PNG], { type: 'image/png' }), 'crash.png']),
    download: async (id: string) =>
      Buffer.from(
        await (
          await fetch(`${s.url}/api/file/downloadById?attachId=${id}`, { headers: { 'x-access-token': t.admin } })
        ).arrayBuffer(),
      ),
    async startImport(file: Blob) {
      const res = await form<{ jobId: string }>('md/supplier/importExcel', [file, 'suppliers.xlsx'], {
        langJson: JSON.stringify(COLUMNS),
      })
      expect(res.status).toBe(200)
      return res.body.result.jobId
    },
    progress: (jobId: string) => get<Progress>('admin', `sys/import/progress?jobId=${jobId}`),
    /**
     * How many suppliers the import wrote, through the list: its total where that is exact, and
     * past the count's cap (an estimate) the last page of one row that still has its row.
     */
    imported: async () => {
      type Paged = { total: number; estimated?: boolean; records: unknown[] }
      const search = encodeURIComponent('{"code":"CRASH"}')
      const at = async (n: number) =>
        (await get<Paged>('admin', `md/supplier/list?pageSize=1&pageNo=${n}&search=${search}`)).records.length > 0
      const first = await get<Paged>('admin', `md/supplier/list?pageSize=1&search=${search}`)
      if (!first.estimated) return first.total
      let lo = COUNT_CAP // a row there
      let hi = 2 * lo // none there
      while (await at(hi)) [lo, hi] = [hi, 2 * hi]
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2)
        if (await at(mid)) lo = mid
        else hi = mid
      }
      return lo
    },
  }
}
type Client = Awaited<ReturnType<typeof client>>

/** Stock of three products, two approved orders to deliver and eight waiting for their review. */
const prepareOrders = async (a: Client, { branchId, depotId }: Site) => {
  const url = `sale/order/sellableProducts?branchId=${branchId}&pageSize=3`
  const products = (await a.get<{ records: SellableProduct[] }>('branch', url)).records
  const lines = products.map((p) => ({
    productId: p.productId,
    batchNo: 'CRASH',
    quantity: 1e6,
    expiryDate: '2030-01-01',
  }))
  expect((await a.post('logistics', 'pro/stock/purchaseIn', { depotId, lines })).status).toBe(200)
  const add = async () =>
    (await a.post<{ id: string }>('branch', 'sale/order/add', orderForm(branchId, products, [500, 500, 500]))).body
      .result.id
  const toDeliver = [await add(), await add()]
  for (const id of toDeliver) for (const who of REVIEWERS) expect((await a.approve(who, id)).status).toBe(200)
  const lineIds = new Map<string, string[]>()
  for (const id of toDeliver)
    lineIds.set(
      id,
      (await a.detail(id)).lines.map((l) => l.id),
    )
  const toReview: string[] = []
  for (let i = 0; i < 8; i++) toReview.push(await add())
  return { depotId, toDeliver, lineIds, toReview }
}
type Work = Awaited<ReturnType<typeof prepareOrders>>

/** Refusals the rules give when two people do the same thing at once. */
const REFUSED: number[] = [Errors.AlreadyApproved.code, Errors.OnlyCurrentReviewer.code, Errors.ReviewerMismatch.code]

/**
 * Requests against the server, each remembered when answered: `warmUp` (two clerks delivering one
 * unit per line of each order, every reviewer of half the pending orders twice at once, uploads)
 * is awaited; `burst` (the same for the other orders, all at once) is what the kill cuts off.
 */
const traffic = (a: Client, work: Work) => {
  const inFlight = { delivery: 0, approval: 0, upload: 0 }
  const acked = { deliveries: [] as string[], approvals: [] as [string, Who][], uploads: [] as string[] }
  const unexpected: unknown[] = []
  const sent: Promise<unknown>[] = []
  const send = async <T>(kind: keyof typeof inFlight, request: Promise<Answer<T>>, onOk: (result: T) => void) => {
    inFlight[kind]++
    const res = await request.finally(() => inFlight[kind]--)
    if (res.status === 200) onOk(res.body.result)
    else if (!REFUSED.includes(res.body.code)) unexpected.push(res.body)
  }
  const unitEach = (id: string) => work.lineIds.get(id)!.map((orderLineId) => ({ orderLineId, quantity: 1 }))
  const ship = (id: string) =>
    send('delivery', a.deliver(work.depotId, id, unitEach(id)), (r) => acked.deliveries.push(r.deliveryNo))
  const decide = (id: string, who: Who) => send('approval', a.approve(who, id), () => acked.approvals.push([id, who]))
  const store = () => send('upload', a.upload(), (r) => acked.uploads.push(r.id))
  const half = work.toReview.length / 2
  return {
    inFlight,
    acked,
    unexpected,
    warmUp: () =>
      Promise.all([
        ...[...work.toDeliver, ...work.toDeliver].map(async (id) => {
          for (let i = 0; i < 4; i++) await ship(id)
        }),
        ...[1, 2].map(async () => {
          for (const id of work.toReview.slice(0, half)) for (const who of REVIEWERS) await decide(id, who)
        }),
        ...[1, 2, 3].map(() => store()),
      ]),
    burst() {
      // uploads first: deliveries and decisions stalled behind a lock hold their connections, and
      // sent ahead of the uploads they could take all of the server's pool before an upload wrote
      for (let i = 0; i < 4; i++) sent.push(store().catch(() => {}))
      for (const id of work.toDeliver) for (let i = 0; i < 3; i++) sent.push(ship(id).catch(() => {}))
      for (const id of work.toReview.slice(half))
        for (const who of [...REVIEWERS, ...REVIEWERS]) sent.push(decide(id, who).catch(() => {}))
    },
    cutOff: () => Promise.all(sent),
  }
}

const scenario = async (site: Site) => {
  // ------------------------------------------------------------------ first life, killed
  const [first, file] = await Promise.all([startServer(site.env).then(healthy), importFile()])
  const a1 = await client(first)
  const work = await prepareOrders(a1, site)
  const flow = traffic(a1, work)
  const { acked } = flow
  await flow.warmUp()
  const seededFiles = (await filesIn(site.filesDir)).size - acked.uploads.length
  const tableBefore = await site.supplierBytes()
  const stall = await site.stall?.()
  const jobId = await a1.startImport(file)
  // the importer watches its job (a read: the server then knows the token without the database)
  expect((await a1.progress(jobId)).status).toBe('running')
  await waitFor('the import writing its rows', async () => (await site.supplierBytes()) > tableBefore)
  flow.burst()
  const unanswered = async () => (await filesIn(site.filesDir)).size - seededFiles - acked.uploads.length
  const sentAt = Date.now()
  // PostgreSQL: until uploads wait with their bytes on disk, and deliveries and approvals mid-way
  await waitFor('the burst under way', async () =>
    stall ? (await unanswered()) > 0 && (await stall.waiting()) >= 6 : Date.now() - sentAt > 100,
  )
  const atKill = { ...flow.inFlight, files: await unanswered() }
  expect(await first.kill('SIGKILL')).toBeNull()
  await stall?.release()
  await flow.cutOff()
  // every answer was a success or a refusal the rules give (already approved...)
  expect(flow.unexpected).toEqual([])
  // requests of each kind were cut off; PostgreSQL: an upload's bytes were on disk without their row
  expect(atKill.delivery * atKill.approval * atKill.upload).toBeGreaterThan(0)
  if (stall) expect(atKill.files).toBeGreaterThan(0)

  // ------------------------------------------------------------------ second life, same data
  const second = await healthy(await startServer(site.env))
  const a2 = await client(second)

  // nothing of the import, and its job does not claim to be running (PGlite: the only server
  // knows it runs no such job; PostgreSQL: another instance might, so it says so after 10 minutes)
  expect(await a2.imported()).toBe(0)
  const killed = await a2.progress(jobId)
  expect(killed.status).not.toBe('done')
  if (!stall) expect(killed).toMatchObject({ status: 'failed', phase: 'finished', message: '导入已中断，请重新导入' })

  // exactly what the server answered is there: the kill came while the import's transaction (PGlite:
  // the only one) or the held tables (PostgreSQL) kept every later request from committing
  type Shipped = { deliveryNo: string; lines: { orderLineId: string; quantity: number }[] }[]
  const shipped: string[] = []
  for (const id of work.toDeliver) {
    const list = await a2.get<Shipped>('logistics', `sale/delivery/deliveries?orderId=${id}`)
    shipped.push(...list.map((d) => d.deliveryNo))
    // each line counts what its deliveries shipped
    const lines = list.flatMap((d) => d.lines)
    for (const line of (await a2.detail(id)).lines)
      expect(line.deliveredQuantity).toBe(lines.reduce((n, l) => n + (l.orderLineId === line.id ? l.quantity : 0), 0))
  }
  expect(shipped.sort()).toEqual([...acked.deliveries].sort())
  for (const id of work.toReview) {
    const { history } = await a2.get<{ history: { stepNo: number; roleCode: string }[] }>(
      'branch',
      `sale/order/progress?id=${id}`,
    )
    const decided = acked.approvals.filter(([order]) => order === id).map(([, who]) => PEOPLE[who])
    // each step once, in order, by the reviewer whose approval was answered
    expect(history.map((h) => h.stepNo)).toEqual(decided.map((_, i) => i + 1))
    expect(history.map((h) => h.roleCode).sort()).toEqual(decided.sort())
  }
  for (const id of acked.uploads) expect(await a2.download(id)).toEqual(PNG)

  // ------------------------------------------------------------------ the interrupted work, done again
  const again = await a2.startImport(file)
  let done: Progress | undefined
  await waitFor('the import again', async () => {
    done = await a2.progress(again)
    return done.status !== 'running'
  })
  expect(done).toMatchObject({ status: 'done', imported: ROWS })
  expect(await a2.imported()).toBe(ROWS)
  for (const id of work.toDeliver) {
    const lines = (await a2.detail(id)).lines
    const rest = lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity - l.deliveredQuantity }))
    expect((await a2.deliver(work.depotId, id, rest)).body.result.status).toBe(OrderStatus.FullyDelivered)
  }
  for (const id of work.toReview) {
    for (const who of REVIEWERS) await a2.approve(who, id)
    expect((await a2.detail(id)).status).toBe(OrderStatus.PendingDelivery)
  }
  const last = await a2.upload()
  expect(last.status).toBe(200)
  expect(await second.kill('SIGTERM')).toBe(0)

  // ------------------------------------------------------------------ the data, by SQL
  await site.sql(async (q) => {
    const found: Record<string, unknown[]> = {}
    for (const [what, query] of Object.entries(BROKEN)) found[what] = await q(query)
    expect(found).toEqual(Object.fromEntries(Object.keys(BROKEN).map((what) => [what, []])))
    // the import: its rows once, each with its one log entry (nothing of the killed attempt)
    expect(
      await q(`select (select count(*)::int from sys_log where operation = 'md_supplier:import') as entries,
        count(*)::int as rows, count(*) filter (where exists (select 1 from sys_log l where l.resource = 'md_supplier'
          and l.object_id = s.id::text and l.operation = 'md_supplier:import'))::int as logged
        from md_supplier s where s.code like 'CRASH%'`),
    ).toEqual([{ entries: ROWS, rows: ROWS, logged: ROWS }])
    const reviewed = await q(`select r.status, count(d.id)::int as decisions from sys_review r
      join sys_review_decision d on d.review_id = r.id where r.object_id in ('${work.toReview.join("','")}') group by r.id`)
    expect(reviewed).toEqual(work.toReview.map(() => ({ status: '2', decisions: 3 })))
    // files: on disk exactly the files of the rows, each of its size, none half-written; the
    // uploads are the ones answered, and of those cut off only whole ones: an upload's row is one
    // statement, which PostgreSQL may still commit once the lock it waited on is gone, though its
    // server was killed (recoverFiles then finishes its file at the next start)
    const rows = await q<{ key: string; size: number; id: string; name: string }>(
      'select storage_key as key, size, id, original_name as name from sys_attachment',
    )
    expect(Object.fromEntries(await filesIn(site.filesDir))).toEqual(
      Object.fromEntries(rows.map((r) => [r.key, r.size])),
    )
    const uploads = rows.filter((r) => r.name === 'crash.png').map((r) => r.id)
    const answered = [...acked.uploads, last.body.result.id]
    expect(uploads).toEqual(expect.arrayContaining(answered))
    expect(uploads.length - answered.length).toBeLessThanOrEqual(atKill.upload)
  })
}

/** What must find nothing, ever: each query lists the rows that break an invariant. */
const BROKEN = {
  'stock not the sum of its ledger, or negative': `select s.id, s.quantity, sum(l.change) as ledger from pro_stock s
    left join pro_stock_ledger l using (depot_id, product_id, batch_no)
    group by s.id having s.quantity <> coalesce(sum(l.change), 0) or s.quantity < 0`,
  'ledger rows without their stock': `select l.id from pro_stock_ledger l
    left join pro_stock s using (depot_id, product_id, batch_no) where s.id is null`,
  'order lines not counting what their deliveries shipped': `select ol.id from sale_order_line ol
    left join (select order_line_id, sum(quantity) as n from sale_delivery_line group by 1) d on d.order_line_id = ol.id
    where ol.delivered_quantity <> coalesce(d.n, 0)`,
  'deliveries without their stock out': `select d.id from sale_delivery d
    where not exists (select 1 from pro_stock_ledger l where l.doc_id = d.stock_doc_id)`,
  'order review steps decided twice in a round': `select r.object_id, d.round, d.step_no from sys_review_decision d
    join sys_review r on r.id = d.review_id where r.business = 'sale_order' group by 1, 2, 3 having count(*) > 1`,
  'order reviews whose approved steps are not their approvals': `select r.object_id from sys_review r
    where r.business = 'sale_order' and
      (select count(*) from sys_review_step s where s.review_id = r.id and s.is_audit = 1 and s.decision = 'approve')
      <> (select count(*) from sys_review_decision d where d.review_id = r.id and d.round = r.round and d.decision = 'approve')`,
  'orders whose status disagrees with their review': `select o.order_no, o.status, r.status as review from sale_order o
    join sys_review r on r.business = 'sale_order' and r.object_id = o.id::text
    where not o.del_flag and case r.status
      when '2' then o.status not in (100803, 100805, 100806, 100807)
      when '3' then o.status <> 100804
      else o.status not in (100801, 100802) end`,
}

describe.runIf(testDbKind() === 'pglite')('SIGKILL on the embedded database (DATA_DIR)', () => {
  it('keeps every invariant; the restarted server takes over the lock and does the work again', async () => {
    await scenario(await pgliteSite())
  }, 180_000)
})

describe.runIf(testDbKind() === 'pg')('SIGKILL on PostgreSQL', () => {
  it('keeps every invariant; the restarted server does the work again', async () => {
    await scenario(await pgSite())
  }, 180_000)
})
