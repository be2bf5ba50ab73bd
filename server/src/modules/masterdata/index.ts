import type { FastifyInstance } from 'fastify'
import { registerResource } from '../../platform/crud/routes.ts'
import { departmentCrud } from './department.resource.ts'
import { MASTER_DATA } from './resources.ts'

export const masterDataModule = async (app: FastifyInstance) => {
  for (const resource of [...MASTER_DATA, departmentCrud]) registerResource(app, resource)
}
