import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, rowsOf } from '../../src/db/client.ts'
import { countTodo, listTodo } from '../../src/platform/approval/inbox.ts'
import { openUpgradedDatabase } from '../helpers/database.ts'

/**
 * An installation upgraded with reviews under way: each review learns who holds its current step
 * from that step, so every reviewer's inbox holds after the upgrade what it held before.
 */

/** The migration that gives a review its current step's holder. */
const FIRST_OF_THE_HOLDER = '0040_review_current_holder'

const [AT_FIRST, AT_SECOND, RETURNED, ENDED] = [1, 2, 3, 4].map((i) => `7a2b3c4d-0000-4000-8000-00000000000${i}`) as [
  string,
  string,
  string,
  string,
]
const REVIEWER = '7a2b3c4d-0000-4000-8000-000000000099'
const PRESIDENT = { userId: REVIEWER, roleCodes: ['region_president'], deptCodes: ['A01A02'] }
const FINANCE = { userId: REVIEWER, roleCodes: ['branch_finance'], deptCodes: ['A01A05'] }
const GM = { userId: REVIEWER, roleCodes: ['gm_president'], deptCodes: ['A01A03'] }

let database: Database

beforeAll(async () => {
  // four three-step order reviews: waiting at the first step, at the second, sent back from the
  // third to the second an hour ago, and approved at the end; the hours since the step started
  const reviews: [string, string, number, string, number][] = [
    [AT_FIRST, 'SO-UPGRADED-1', 1, '0', 5],
    [AT_SECOND, 'SO-UPGRADED-2', 2, '1', 3],
    [RETURNED, 'SO-UPGRADED-3', 2, '1', 1],
    [ENDED, 'SO-UPGRADED-4', 3, '2', 2],
  ]
  const statements = reviews.flatMap(([id, no, current, status, hours]) => [
    `insert into sys_review (id, business, object_id, object_no, repeat_audit, reject_flow, forbid_self_approval,
       step_count, current_step, status, step_started_at)
     values ('${id}', 'sale_order', '${id}', '${no}', true, 'previous', true, 3, ${current}, '${status}',
       now() - interval '${hours} hours')`,
    // the second step has two hours to decide
    `insert into sys_review_step (review_id, step_no, role_code, dept_code, time_limit_hours, is_audit) values
       ('${id}', 1, 'region_president', 'A01A02', null, ${current > 1 ? 1 : 0}),
       ('${id}', 2, 'branch_finance', 'A01A05', 2, ${current > 2 || status === '2' ? 1 : 0}),
       ('${id}', 3, 'gm_president', 'A01A03', null, ${status === '2' ? 1 : 0})`,
  ])
  database = await openUpgradedDatabase(FIRST_OF_THE_HOLDER, statements)
})
afterAll(async () => database?.close())

const inboxOf = async (who: typeof PRESIDENT) =>
  (await listTodo(database.db, who, { pageNo: 1, pageSize: 20 }, 'en')).records.map((r) => r.objectNo)

describe('reviews under way when the current step gets its holder on the review', () => {
  it('each review takes its current step’s role, department and time limit', async () => {
    const rows = rowsOf<{ object_no: string; role: string; dept: string; hours: number | null }>(
      await database.db.execute(
        sql`select object_no, current_role_code as role, current_dept_code as dept, current_time_limit_hours as hours
          from sys_review order by object_no`,
      ),
    )
    expect(rows.map((r) => [r.object_no, r.role, r.dept, r.hours])).toEqual([
      ['SO-UPGRADED-1', 'region_president', 'A01A02', null],
      ['SO-UPGRADED-2', 'branch_finance', 'A01A05', 2],
      ['SO-UPGRADED-3', 'branch_finance', 'A01A05', 2],
      ['SO-UPGRADED-4', 'gm_president', 'A01A03', null],
    ])
  })

  it('every inbox holds the open reviews waiting at its step, latest first, and nothing else', async () => {
    expect(await inboxOf(PRESIDENT)).toEqual(['SO-UPGRADED-1'])
    expect(await inboxOf(FINANCE)).toEqual(['SO-UPGRADED-3', 'SO-UPGRADED-2'])
    // the last step is not reached by the open ones, and the approved one waits for no one
    expect(await inboxOf(GM)).toEqual([])
    // the one waiting three hours at the two-hour step is overdue; the one sent back an hour ago is not
    expect(await countTodo(database.db, FINANCE)).toEqual({ waiting: 2, overdue: 1 })
  })
})
