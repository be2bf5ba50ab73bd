import { DEMO_PASSWORD } from '../../db/seed/demo/organisation.ts'
import { USERS } from '../../db/seed/demo/people-data.ts'
import type { SimAccount } from './simulator.ts'

/**
 * The simulator's accounts: every demo user (the demo password, their role's code as their group,
 * as a directory would group them) and two newcomers the product does not know yet: `newcomer`
 * in a group no administrator mapped, `new_sales` in `sales-staff`.
 */
export const simAccounts = (): SimAccount[] => [
  ...USERS.map((u) => ({
    username: u.username,
    password: DEMO_PASSWORD,
    name: u.realname,
    email: `${u.username}@example.com`,
    groups: [u.role],
  })),
  { username: 'newcomer', password: DEMO_PASSWORD, name: '新同事', email: 'newcomer@example.com', groups: ['staff'] },
  {
    username: 'new_sales',
    password: DEMO_PASSWORD,
    name: '新销售',
    email: 'new_sales@example.com',
    groups: ['staff', 'sales-staff'],
  },
]

export const SIM_CLIENT = { clientId: 'backoffice', clientSecret: 'backoffice-sim-secret' } as const

/** The product's callback and post-logout addresses at each of its base URLs. */
export const productUris = (bases: readonly string[]) => ({
  redirectUris: bases.map((b) => `${b}/api/sys/sso/callback`),
  postLogoutRedirectUris: bases.map((b) => `${b}/user/login`),
})
