import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { keepsPrincipals } from '../../platform/access.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { createOutboxWorker, type OutboxSender } from '../../platform/outbox/index.ts'
import { createSalesServices } from '../sales/index.ts'
import { notifyAdminRoutes, notifyOutboxCrud, notifyRobotCrud } from './admin.ts'
import { createChatSender, createMailSender } from './channels.ts'
import { decisionRoutes } from './decision.routes.ts'
import { createLinks } from './links.ts'
import { subscribeNotifyProducers } from './producers.ts'

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
  const senders: Record<string, OutboxSender> = {
    chat: createChatSender({ db: database.db, timeoutMs: settings.timeoutMs }).send,
    ...(mail ? { mail: mail.send } : {}),
  }
  const worker = createOutboxWorker({
    db: database.db,
    senders,
    settings: {
      owner: `${process.pid}-${randomUUID().slice(0, 8)}`,
      pollMs: settings.pollMs,
      maxAttempts: settings.maxAttempts,
      retryBaseMs: settings.retryBaseMs,
      leaseMs: settings.timeoutMs * 4,
      batch: 20,
    },
    log: app.log,
  })
  app.decorate('notifyWorker', worker)
  const off = subscribeNotifyProducers({ events, config: settings, links, queued: () => worker.wake() })

  await app.register(decisionRoutes({ links, review }))
  await app.register(notifyAdminRoutes({ mailConfigured: !!mail }))
  registerResource(app, notifyRobotCrud)
  registerResource(app, notifyOutboxCrud)

  app.addHook('onReady', async () => {
    await links.keyOf()
    worker.start()
  })
  app.addHook('onClose', async () => {
    off()
    await worker.stop()
    mail?.close()
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's notification sender (the tests drive its rounds). */
    notifyWorker?: ReturnType<typeof createOutboxWorker>
  }
}
