import { z } from 'zod'

/**
 * Notifications' settings (issue 38), read from the environment with the rest of the config. Mail
 * goes out only with SMTP_URL; group-chat robots need nothing here (an administrator adds them).
 */
const NotifyEnvSchema = z.object({
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Back office <noreply@localhost>'),
  /** The product's public address, for the links mails and chat messages carry. */
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** The key mailed decision links are signed with; without it one is made and kept in the database. */
  NOTIFY_LINK_SECRET: z.string().min(16).optional(),
  /** A decision link's life when its step has no deadline sooner. */
  NOTIFY_LINK_HOURS: z.coerce.number().positive().default(72),
  /** How long before a review step expires its reviewers are reminded. */
  NOTIFY_REMIND_BEFORE_HOURS: z.coerce.number().positive().default(4),
  /** How often each instance looks for steps near or past their deadline. */
  NOTIFY_DEADLINE_CHECK_MS: z.coerce.number().int().positive().default(60_000),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().positive().default(6),
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().positive().default(5_000),
  NOTIFY_POLL_MS: z.coerce.number().int().positive().default(1_000),
  /** How long a send (an SMTP conversation, a webhook call) may take. */
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
})

export type NotifyConfig = {
  smtpUrl: string | undefined
  mailFrom: string
  appUrl: string
  linkSecret: string | undefined
  linkMs: number
  remindBeforeMs: number
  deadlineCheckMs: number
  maxAttempts: number
  retryBaseMs: number
  pollMs: number
  timeoutMs: number
}

export const loadNotifyConfig = (env: NodeJS.ProcessEnv): NotifyConfig => {
  const c = NotifyEnvSchema.parse(env)
  return {
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    appUrl: c.APP_URL.replace(/\/+$/, ''),
    linkSecret: c.NOTIFY_LINK_SECRET,
    linkMs: c.NOTIFY_LINK_HOURS * 3600_000,
    remindBeforeMs: c.NOTIFY_REMIND_BEFORE_HOURS * 3600_000,
    deadlineCheckMs: c.NOTIFY_DEADLINE_CHECK_MS,
    maxAttempts: c.NOTIFY_MAX_ATTEMPTS,
    retryBaseMs: c.NOTIFY_RETRY_BASE_MS,
    pollMs: c.NOTIFY_POLL_MS,
    timeoutMs: c.NOTIFY_TIMEOUT_MS,
  }
}
