import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { type Database, openPostgres } from '../../src/db/client.ts'
import { awaitChange, client, login } from '../helpers/app.ts'
import { testDbKind, uniqueName, withDatabase } from '../helpers/database.ts'
import { userIdOf } from './fixtures.ts'
import { connectLive, isMessage, type LiveClient } from './live-client.ts'

/**
 * Two server instances on one PostgreSQL database, each listening on its own port: a message
 * created through instance A reaches a user connected to instance B through LISTEN/NOTIFY.
 * PostgreSQL only: PGlite accepts one connection by design, so two instances cannot share it
 * (under PGlite the same NOTIFY path runs inside one process, see live.test.ts).
 */
describe.runIf(testDbKind() === 'pg')('two server instances on one PostgreSQL', () => {
  let dbUrl: string
  const databases: Database[] = []
  const apps: FastifyInstance[] = []
  const sockets: LiveClient[] = []
  let a: { app: FastifyInstance; url: string }
  let b: { app: FastifyInstance; url: string }

  const instance = async () => {
    const database = await openPostgres(dbUrl, 4)
    databases.push(database)
    const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '100000', WEB_DIST: '/nonexistent' })
    const app = await buildApp({ config, database })
    apps.push(app)
    return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) }
  }

  beforeAll(async () => {
    const adminUrl = inject('pgAdminUrl')
    const name = uniqueName('x')
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`)
    await admin.end()
    dbUrl = withDatabase(adminUrl, name)
    a = await instance()
    b = await instance()
  })

  afterAll(async () => {
    for (const s of sockets) s.close()
    for (const app of apps) await app.close()
    for (const d of databases) await d.close()
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS "${new URL(dbUrl).pathname.slice(1)}" WITH (FORCE)`)
    await admin.end()
  })

  it('delivers within one second a notice published through A to a user connected to B', async () => {
    const financeId = await userIdOf(databases[0]!.db, 'branch_finance')
    const onB = await connectLive(b.url, financeId, await login(b.app, 'branch_finance'))
    sockets.push(onB)
    const onA = await connectLive(a.url, financeId, await login(a.app, 'branch_finance'))
    sockets.push(onA)

    const admin = client(a.app, await login(a.app, 'admin'))
    const added = await admin.post<{ id: string }>('/api/sys/notice/add', {
      title: 'Cross-instance notice',
      content: '<p>From A</p>',
      noticeType: 'announcement',
      openType: 'detail',
      targetType: 'all',
      targetIds: [],
    })
    const started = Date.now()
    const published = await admin.post('/api/sys/notice/publish', { id: added.body.result.id })
    expect(published.body.code).toBe(200)
    const frame = await onB.next(isMessage('Cross-instance notice'), 1000)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(frame).toMatchObject({ msgTxt: { content: 'From A', creator: '管理员', noticeId: added.body.result.id } })
    await onA.next(isMessage('Cross-instance notice'), 1000)
  })

  it('refuses on B within a second a token whose user was disabled through A', async () => {
    const token = await login(b.app, 'logistics_admin')
    const onB = client(b.app, token)
    const status = async () => (await onB.get('/api/sys/user/getCurrentUserDeparts')).status
    expect(await status()).toBe(200)
    const admin = client(a.app, await login(a.app, 'admin'))
    const userId = await userIdOf(databases[0]!.db, 'logistics_admin')
    expect((await admin.post('/api/sys/user/batchStatus', { ids: userId, status: '2' })).body.code).toBe(200)
    const { answer, ms } = await awaitChange(status, 200)
    expect(answer).toBe(401)
    expect(ms).toBeLessThan(1000)
  })

  it('hears changes again after its listening connection was cut', async () => {
    const token = await login(a.app, 'finance_director')
    const onA = client(a.app, token)
    const status = async () => (await onA.get('/api/sys/user/getCurrentUserDeparts')).status
    expect(await status()).toBe(200)
    const admin = new pg.Client({ connectionString: dbUrl })
    await admin.connect()
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
        )
      ).rows.map((r) => r.pid)
    const before = await listeners()
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before])
    // the instances listen again within a few seconds, on new connections
    const { ms } = await awaitChange(
      async () => (await listeners()).filter((pid) => !before.includes(pid)).length >= before.length,
      false,
      10_000,
    )
    expect(ms).toBeLessThan(10_000)
    expect(await status()).toBe(200)
    await admin.query("update sys_user set status = '2' where username = 'finance_director'")
    await admin.end()
    const { answer } = await awaitChange(status, 200)
    expect(answer).toBe(401)
  })

  it('delivers an approval event raised in A’s transaction to B, once', async () => {
    const reviewerId = await userIdOf(databases[0]!.db, 'gm_president')
    const onB = await connectLive(b.url, reviewerId, await login(b.app, 'gm_president'))
    sockets.push(onB)
    await databases[0]!.db.transaction((tx) =>
      a.app.deps.events.emit(tx, {
        type: 'approval.reviewNeeded',
        business: 'sale_order',
        objectId: '7c1e1f2a-0000-4000-8000-0000000000bb',
        objectNo: 'SO-CROSS-1',
        stepNo: 3,
        reviewerIds: [reviewerId],
        submitterId: null,
      }),
    )
    await onB.next(isMessage('待审核：销售订单 SO-CROSS-1'), 1000)
    await new Promise((r) => setTimeout(r, 300))
    expect(onB.frames.filter(isMessage('待审核：销售订单 SO-CROSS-1'))).toHaveLength(1)
  })
})
