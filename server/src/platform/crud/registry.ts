import type { RegisteredResource } from './routes.ts'

/**
 * Every resource the app serves, by name and by table: the duplicate check takes its whitelist
 * from here, exports resolve references through it.
 */
export const createResourceRegistry = () => {
  const byName = new Map<string, RegisteredResource>()
  return {
    add(reg: RegisteredResource) {
      if (byName.has(reg.compiled.meta.name)) throw new Error(`resource ${reg.compiled.meta.name} registered twice`)
      byName.set(reg.compiled.meta.name, reg)
    },
    get: (name: string) => byName.get(name),
    byTable: (table: string) => [...byName.values()].find((r) => r.compiled.tableName === table),
    all: () => [...byName.values()],
  }
}

export type ResourceRegistry = ReturnType<typeof createResourceRegistry>
