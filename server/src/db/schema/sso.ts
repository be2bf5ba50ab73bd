import { index, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { auditColumns, id, ts } from './columns.ts'
import { departments, roles, users } from './system.ts'

/**
 * A group of the identity provider (its `groups` claim) mapped by an administrator to a role
 * and/or a department (issue 39). A person signing in with that group is created enabled with
 * them, and the mapped roles follow the groups at each sign-in.
 */
export const ssoGroups = pgTable(
  'sys_sso_group',
  {
    id: id(),
    groupName: varchar({ length: 200 }).notNull(),
    roleId: uuid().references(() => roles.id, { onDelete: 'cascade' }),
    departId: uuid().references(() => departments.id, { onDelete: 'cascade' }),
    description: text(),
    ...auditColumns(),
  },
  (t) => [index('sys_sso_group_name_idx').on(t.groupName)],
)

/**
 * One sign-in through the identity provider, from the redirect to it until the product's session
 * it opened ends: the state, nonce and PKCE verifier the callback is checked against (used once),
 * then the one-time ticket the browser exchanges for the product's token, then the ID token kept
 * for the provider's logout. Nothing of the provider's tokens reaches the browser.
 */
export const ssoLogins = pgTable(
  'sys_sso_login',
  {
    id: id(),
    state: varchar({ length: 128 }).notNull(),
    nonce: varchar({ length: 128 }).notNull(),
    codeVerifier: varchar({ length: 128 }).notNull(),
    /** The product path to open after signing in. */
    redirect: varchar({ length: 512 }),
    createAt: ts().notNull().defaultNow(),
    /** When the provider's answer came back (a second answer for the same state is refused). */
    answeredAt: ts(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the one-time ticket; cleared when exchanged. */
    ticketHash: varchar({ length: 64 }),
    /** The product session the ticket opened (`sys_session.token_hash`). */
    tokenHash: varchar({ length: 64 }),
    idToken: text(),
  },
  (t) => [
    uniqueIndex('sys_sso_login_state_uq').on(t.state),
    uniqueIndex('sys_sso_login_ticket_uq').on(t.ticketHash),
    index('sys_sso_login_token_idx').on(t.tokenHash),
    index('sys_sso_login_create_idx').on(t.createAt),
  ],
)

/**
 * The roles a person holds because the identity provider's groups gave them: taken away again when
 * the groups (or the administrator's mapping) no longer give them. Roles given by hand stay.
 */
export const ssoUserRoles = pgTable(
  'sys_sso_user_role',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
)
