import type { FastifyInstance } from 'fastify'
import { keepsPrincipals } from '../../platform/access.ts'
import { registerResource } from '../../platform/crud/routes.ts'
import { createConnectionRegistry } from '../../platform/realtime/connections.ts'
import { liveConnectionPlugin } from '../../platform/realtime/live-connection.ts'
import { createLiveDelivery } from './live.delivery.ts'
import { messageRoutes } from './message.routes.ts'
import { noticeList } from './notice.resource.ts'
import { noticeRoutes } from './notice.routes.ts'
import { subscribeMessageProducers } from './producers.ts'

/**
 * Messages, notices and the live connection (SPEC 2, 3, 7). Domain events become messages in
 * their own transaction; NOTIFY wakes every instance, which pushes to the sockets it holds.
 */
export const messagingModule = async (app: FastifyInstance) => {
  // no route of messaging changes sessions, users, roles or grants
  keepsPrincipals(app)
  const { database, events } = app.deps
  const registry = createConnectionRegistry()
  const delivery = createLiveDelivery({ database, registry, log: app.log })
  const unsubscribe = subscribeMessageProducers(events)
  await delivery.start()
  app.addHook('onClose', async () => {
    unsubscribe()
    await delivery.stop()
  })

  await app.register(messageRoutes)
  await app.register(noticeRoutes)
  registerResource(app, noticeList)
  await app.register(liveConnectionPlugin, { registry })
}
