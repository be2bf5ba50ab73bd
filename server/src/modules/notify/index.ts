import type { FastifyInstance } from 'fastify'
import { keepsPrincipals } from '../../platform/access.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { createOutboxWorker, leaseOwner, type OutboxTopic, type OutboxWorker } from '../../platform/outbox/index.ts'
import { createSalesServices } from '../sales/index.ts'
import { notifyAdminRoutes, notifyOutboxCrud, notifyRobotCrud } from './admin.ts'
import { createChatSender, createMailSender } from './channels.ts'
import { createDeadlineWatch } from './deadlines.ts'
import { decisionRoutes } from './decision.routes.ts'
import { createLinks } from './links.ts'
import { createTeller, subscribeNotifyProducers } from './producers.ts'

/** The sender and deadline watch of the app on a database (the tests drive their rounds). */
const running = new WeakMap<object, { worker: OutboxWorker; deadlines: ReturnType<typeof createDeadlineWatch> }>()
export const notifyOf = (db: object) => running.get(db)

/**
 * Notifications beyond the in-app message (issue 38): events become mails and group-chat messages
 * in the outbox, in the event's transaction; every instance runs a worker sending them; mailed
 * order reviews carry one-click decision links answered by a small public page.
 */
export const notifyModule = async (app: FastifyInstance) => {
  // no route of notify changes sessions, users, roles or grants
  keepsPrincipals(app)
  const { config, events, database } = app.deps
  const settings = config.notify
  const links = createLinks({ db: database.db, secret: settings.linkSecret })
  // the order review's own decision path (the audit modal's), on this app's event bus
  const { review } = createSalesServices({
    db: database.db,
    events,
    limits: () => ({
      maxModifications: config.orderMaxModifications,
      modifyDeadlineDays: config.orderModifyDeadlineDays,
    }),
  })

  const mail = settings.smtpUrl
    ? createMailSender({ smtpUrl: settings.smtpUrl, from: settings.mailFrom, timeoutMs: settings.timeoutMs })
    : null
  const topics: Record<string, OutboxTopic> = {
    chat: { send: createChatSender({ db: database.db, timeoutMs: settings.timeoutMs }).send },
    ...(mail ? { mail: { send: mail.send } } : {}),
  }
  const worker = createOutboxWorker({
    db: database.db,
    topics,
    settings: {
      owner: leaseOwner(),
      pollMs: settings.pollMs,
      maxAttempts: settings.maxAttempts,
      retryBaseMs: settings.retryBaseMs,
      leaseMs: settings.timeoutMs * 4,
      batch: 20,
    },
    log: app.log,
  })
  const off = subscribeNotifyProducers({ events, config: settings, links, queued: () => worker.wake() })
  const deadlines = createDeadlineWatch({
    db: database.db,
    tell: createTeller({ config: settings, queued: () => worker.wake() }),
    remindBeforeMs: settings.remindBeforeMs,
  })
  running.set(database.db, { worker, deadlines })

  await app.register(decisionRoutes({ links, review }))
  await app.register(notifyAdminRoutes({ mailConfigured: !!mail }))
  registerResource(app, notifyRobotCrud)
  registerResource(app, notifyOutboxCrud)

  app.addHook('onReady', async () => {
    await links.keyOf()
    worker.start()
    deadlines.start(settings.deadlineCheckMs)
  })
  app.addHook('onClose', async () => {
    off()
    deadlines.stop()
    await worker.stop()
    mail?.close()
  })
}
