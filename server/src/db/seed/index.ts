import { RoleCode } from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import { backfillProductPinyin } from '../../modules/product/pinyin-backfill.ts'
import { hashPassword, sha256Hex } from '../../platform/auth/password.ts'
import type { Db, DbOrTx } from '../client.ts'
import { departments, roles, userDepartments, userRoles, users } from '../schema/index.ts'
import { syncCatalogue } from './catalogue.ts'
import { seedApproval } from './demo/approval.ts'
import { seedFeedback } from './demo/feedback.ts'
import { seedMasterData } from './demo/masterdata.ts'
import { seedMessaging } from './demo/messaging.ts'
import { seedOrganisation } from './demo/organisation.ts'
import { seedProducts } from './demo/product.ts'
import { seedSalesOrders } from './demo/sales.ts'

/** What a seed step may need besides the database: where uploaded files live. */
export type SeedContext = { filesDir: string }

/**
 * The demo data, in dependency order: a step per area (master data, products, orders...); every
 * step runs once, in one transaction with the others.
 */
export const DEMO_SEEDS: readonly { name: string; run: (db: DbOrTx, ctx: SeedContext) => Promise<void> }[] = [
  { name: 'organisation', run: seedOrganisation },
  { name: 'master data', run: seedMasterData },
  { name: 'approval flows', run: seedApproval },
  { name: 'messages and notices', run: seedMessaging },
  { name: 'feedback', run: seedFeedback },
  { name: 'products and stock', run: seedProducts },
  { name: 'sales orders', run: seedSalesOrders },
]

const isEmpty = async (db: Db) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return (row?.n ?? 0) === 0
}

/**
 * Runs at every start: the catalogue is synchronised; on an empty database the demo data is
 * seeded (SEED=demo), or only the administrator is created (SEED=none, ADMIN_PASSWORD required);
 * on one in use, products missing their pinyin get it.
 */
export const seedDatabase = async (
  db: Db,
  config: Pick<Config, 'seed' | 'adminPassword' | 'filesDir'>,
  log: (msg: string) => void,
) => {
  await db.transaction(async (tx) => syncCatalogue(tx))
  if (!(await isEmpty(db))) {
    const written = await db.transaction(async (tx) => backfillProductPinyin(tx))
    if (written > 0) log(`gave ${written} products their pinyin`)
    return
  }
  if (config.seed === 'demo') {
    await db.transaction(async (tx) => {
      for (const step of DEMO_SEEDS) {
        const started = performance.now()
        await step.run(tx, { filesDir: config.filesDir })
        log(`seeded ${step.name} in ${Math.round(performance.now() - started)} ms`)
      }
    })
    // the planner's statistics of the tables just filled, as after any bulk load: without them it
    // guesses until autovacuum's next round (up to a minute on PostgreSQL, never on PGlite) and
    // reads the order lists' review conditions row by row, four times the buffers
    await db.execute(sql`analyze`)
    return
  }
  if (!config.adminPassword) {
    throw new Error('SEED=none on an empty database needs ADMIN_PASSWORD for the first administrator')
  }
  const passwordHash = await hashPassword(sha256Hex(config.adminPassword))
  await db.transaction(async (tx) => {
    const [root] = await tx
      .insert(departments)
      .values({ orgCode: 'A01', departName: '集团', departNameEn: 'Group' })
      .onConflictDoNothing()
      .returning({ id: departments.id })
    const [admin] = await tx
      .insert(users)
      .values({ username: 'admin', realname: '管理员', passwordHash, orgCode: 'A01' })
      .returning({ id: users.id })
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, RoleCode.SysAdmin))
    if (!admin || !role) throw new Error('could not create the administrator')
    await tx.insert(userRoles).values({ userId: admin.id, roleId: role.id })
    if (root) await tx.insert(userDepartments).values({ userId: admin.id, departId: root.id })
  })
  log('created the administrator account "admin"')
}
