import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { loadNotifyConfig, type NotifyConfig } from './modules/notify/config.ts'

/**
 * The repository root: relative paths in the environment are resolved against it. Two levels up
 * from src/config.ts and from the built dist/main.js alike.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).default(30),
  ORDER_MAX_MODIFICATIONS: z.coerce.number().int().min(0).default(3),
  ORDER_MODIFY_DEADLINE_DAYS: z.coerce.number().int().min(0).default(7),
  FILES_DIR: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEFAULT_RESET_PASSWORD: z.string().min(6).default('Reset@2026'),
  DEMO_MODE: bool.optional(),
  WEB_DIST: z.string().default('./web/dist'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24),
  TRUST_PROXY: bool.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  ERP_URL: z.string().url().optional(),
  ERP_FROM_ACCOUNT: z.string().default('backoffice'),
  ERP_APP_KEY: z.string().default('backoffice'),
  ERP_APP_SECRET: z.string().default(''),
  ERP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ERP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(6),
  ERP_RETRY_BASE_MS: z.coerce.number().int().positive().default(2_000),
  ERP_POLL_MS: z.coerce.number().int().positive().default(1_000),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid profile email'),
  OIDC_DISPLAY_NAME: z.string().default('SSO'),
  OIDC_ONLY: bool.default(false),
  OIDC_USER_CLAIM: z.enum(['preferred_username', 'email', 'sub', 'upn']).default('preferred_username'),
  OIDC_GROUPS_CLAIM: z.string().default('groups'),
  OIDC_REDIRECT_URI: z.string().url().optional(),
  OIDC_POST_LOGOUT_REDIRECT_URI: z.string().url().optional(),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** How long start-up keeps trying to reach the PostgreSQL server before it gives up. */
  databaseWaitMs: number
  /** Approved adjustments an order may take ('exceeds allowed modification count'). */
  orderMaxModifications: number
  /** Adjustments are refused from this many days before the expected delivery date ('past last modification time'). */
  orderModifyDeadlineDays: number
  filesDir: string
  seed: 'demo' | 'none'
  adminPassword: string | undefined
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL']
  defaultResetPassword: string
  /** Show the demo accounts on the login page. */
  demoMode: boolean
  webDist: string
  sessionTtlMs: number
  trustProxy: boolean
  /** Sign-in and registration attempts per address per minute. */
  loginRateLimit: number
  /** The ERP (U8 OpenAPI) the sync worker sends to; without a URL messages wait in the outbox. */
  erp: {
    url: string | undefined
    fromAccount: string
    appKey: string
    appSecret: string
    timeoutMs: number
    maxAttempts: number
    retryBaseMs: number
    pollMs: number
  }
  /**
   * OpenID Connect sign-in (issue 39); undefined without OIDC_ISSUER and OIDC_CLIENT_ID. The
   * redirect URIs default to the address the browser used (`/api/sys/sso/callback`, `/user/login`).
   */
  oidc: OidcConfig | undefined
  /** Mail, group-chat robots and mailed decision links (issue 38, modules/notify/config.ts). */
  notify: NotifyConfig
}

export type OidcConfig = {
  issuer: string
  clientId: string
  /** Empty for a public client (PKCE alone). */
  clientSecret: string | undefined
  scopes: string
  displayName: string
  /** The password form and registration are refused; only the identity provider signs in. */
  only: boolean
  /** The claim matched against the login account (`email`: against the user's e-mail). */
  userClaim: 'preferred_username' | 'email' | 'sub' | 'upn'
  /** The claim listing the person's groups (mapped to roles and departments by an administrator). */
  groupsClaim: string
  redirectUri: string | undefined
  postLogoutRedirectUri: string | undefined
}

/**
 * A start-up failure the operator can act on (configuration, a database out of reach, a data
 * directory in use): `main.ts` prints its message alone, without a stack trace, and exits with 1.
 */
export class StartupError extends Error {
  override name = 'StartupError'
}

const fromRoot = (p: string) => (path.isAbsolute(p) ? p : path.resolve(REPO_ROOT, p))

/** Reads the environment (and `.env` at the repository root, if present) into a typed config. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new StartupError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  const dataDir = fromRoot(c.DATA_DIR)
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    databaseWaitMs: c.DATABASE_WAIT_SECONDS * 1000,
    orderMaxModifications: c.ORDER_MAX_MODIFICATIONS,
    orderModifyDeadlineDays: c.ORDER_MODIFY_DEADLINE_DAYS,
    filesDir: c.FILES_DIR ? fromRoot(c.FILES_DIR) : path.join(dataDir, 'files'),
    seed: c.SEED,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    defaultResetPassword: c.DEFAULT_RESET_PASSWORD,
    demoMode: c.DEMO_MODE ?? c.SEED === 'demo',
    webDist: fromRoot(c.WEB_DIST),
    sessionTtlMs: c.SESSION_TTL_HOURS * 3600_000,
    trustProxy: c.TRUST_PROXY,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    erp: {
      url: c.ERP_URL,
      fromAccount: c.ERP_FROM_ACCOUNT,
      appKey: c.ERP_APP_KEY,
      appSecret: c.ERP_APP_SECRET,
      timeoutMs: c.ERP_TIMEOUT_MS,
      maxAttempts: c.ERP_MAX_ATTEMPTS,
      retryBaseMs: c.ERP_RETRY_BASE_MS,
      pollMs: c.ERP_POLL_MS,
    },
    oidc:
      c.OIDC_ISSUER && c.OIDC_CLIENT_ID
        ? {
            issuer: c.OIDC_ISSUER,
            clientId: c.OIDC_CLIENT_ID,
            clientSecret: c.OIDC_CLIENT_SECRET || undefined,
            scopes: c.OIDC_SCOPES,
            displayName: c.OIDC_DISPLAY_NAME,
            only: c.OIDC_ONLY,
            userClaim: c.OIDC_USER_CLAIM,
            groupsClaim: c.OIDC_GROUPS_CLAIM,
            redirectUri: c.OIDC_REDIRECT_URI,
            postLogoutRedirectUri: c.OIDC_POST_LOGOUT_REDIRECT_URI,
          }
        : undefined,
    notify: loadNotifyConfig(env),
  }
}

export const loadDotEnv = () => {
  const file = path.join(REPO_ROOT, '.env')
  if (existsSync(file)) process.loadEnvFile(file)
}
