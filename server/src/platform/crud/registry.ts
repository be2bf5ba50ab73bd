import type { RegisteredResource } from './routes.ts'

/**
 * Every resource the app serves, by name and by table (the first registered for a table): the
 * duplicate check takes its whitelist from here, exports resolve references through it, the modify
 * history names the resource behind each entry. Lookups are map reads: they run per exported row.
 */
export const createResourceRegistry = () => {
  const byName = new Map<string, RegisteredResource>()
  const byTable = new Map<string, RegisteredResource>()
  return {
    add(reg: RegisteredResource) {
      if (byName.has(reg.compiled.meta.name)) throw new Error(`resource ${reg.compiled.meta.name} registered twice`)
      byName.set(reg.compiled.meta.name, reg)
      if (!byTable.has(reg.compiled.tableName)) byTable.set(reg.compiled.tableName, reg)
    },
    get: (name: string) => byName.get(name),
    byTable: (table: string) => byTable.get(table),
    all: () => [...byName.values()],
  }
}

export type ResourceRegistry = ReturnType<typeof createResourceRegistry>
