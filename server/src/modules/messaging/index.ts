import type { FastifyInstance } from 'fastify'
import { messageRoutes } from './message.routes.ts'

/** Messages, notices and the live connection (SPEC 2, 3, 7). */
export const messagingModule = async (app: FastifyInstance) => {
  await app.register(messageRoutes)
}
