import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { startUpkeep } from './db/upkeep.ts'
import { registerModules } from './modules/index.ts'
import { accessPlugin, withPermissionKeys } from './platform/access.ts'
import { createResourceRegistry, type ResourceRegistry } from './platform/crud/registry.ts'
import { createEventBus, type EventBus } from './platform/events.ts'
import { registerErrorHandling, sendNotFound, validatorCompiler } from './platform/http-errors.ts'
import { serializerCompiler } from './platform/serializer.ts'
import { registerResponsePolicy, serveWeb } from './platform/web-serving.ts'

export type AppDeps = { config: Config; database: Database; events: EventBus; resources: ResourceRegistry }

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
  }
}

/** Builds the whole HTTP application; `main.ts` listens with it and tests inject into it. */
export const buildApp = async (
  input: Omit<AppDeps, 'events' | 'resources'> & { events?: EventBus },
): Promise<FastifyInstance> => {
  const deps: AppDeps = { ...input, events: input.events ?? createEventBus(), resources: createResourceRegistry() }
  const { config, database } = deps
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers["x-access-token"]', 'req.headers.authorization', 'req.headers["sec-websocket-protocol"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID()
    },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()

  app.decorate('deps', deps)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onRequest', (req, reply, done) => {
    req.startedAt = performance.now()
    reply.header('x-request-id', req.id)
    done()
  })
  await registerResponsePolicy(app, { trustProxy: config.trustProxy })
  registerErrorHandling(app, database.db)

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Procurement back-office API', version: '0.1.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
    // each operation says who may call it (x-permission), from the route table access.ts keeps
    transformObject: (doc) =>
      'openapiObject' in doc ? withPermissionKeys(doc.openapiObject, app.routeTable) : doc.swaggerObject,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })
  await app.register(rateLimit, { global: false })
  // uploads: one file per request; routes lower the size (images 2 MB) or raise it (imports 20 MB)
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  })
  await app.register(accessPlugin, { database })
  await app.register(registerModules, { prefix: '/api' })
  // the embedded database has no autovacuum: the server does its upkeep (nothing on PostgreSQL)
  const stopUpkeep = startUpkeep(database, (err) => app.log.warn({ err }, 'database upkeep failed'))
  app.addHook('onClose', stopUpkeep)

  if (existsSync(path.join(config.webDist, 'index.html'))) await serveWeb(app, config.webDist)
  else app.setNotFoundHandler(sendNotFound)
  return app
}
