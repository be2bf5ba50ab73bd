import {
  Errors,
  FIELD_LABEL_CATEGORY,
  FIELD_LABEL_KEY,
  type FieldLabel,
  type FieldLabelResource,
  type FieldLabelSave,
} from '@app/contracts'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { codeTable } from '../../db/schema/index.ts'
import { type RequestInfo, recordOperation } from '../../platform/audit-log.ts'
import type { Principal } from '../../platform/auth/principal.ts'
import type { ResourceRegistry } from '../../platform/crud/registry.ts'
import type { RegisteredResource } from '../../platform/crud/routes.ts'
import { fail } from '../../platform/errors.ts'
import { nextCodeId } from './language.service.ts'

/** Keys of the record, never labelled on a screen. */
const NOT_LABELLED = new Set(['id', 'version'])

/**
 * The fields a screen labels for one resource: its meta fields (columns, search, export) and the
 * fields of its add and edit forms (e.g. a user's password confirmation).
 */
const labelledFields = (reg: RegisteredResource): string[] => {
  const { meta, input, editInput } = reg.compiled
  const names = [...Object.keys(meta.fields), ...Object.keys(input.shape), ...Object.keys(editInput?.shape ?? {})]
  return [...new Set(names)].filter((n) => !NOT_LABELLED.has(n))
}

const logged = (row: typeof codeTable.$inferSelect) => ({
  id: row.id,
  key: row.key,
  category: row.category,
  zh: row.zh,
  en: row.en,
  version: row.version,
})

/**
 * Field labels edited at run time (issue 5, SPEC 3 'code table ... field labels'): a code-table
 * entry keyed `field:<resource>.<field>` (category 'field') overrides the label the web bundles,
 * in both languages, for every user. Only fields of registered resources may be keyed, so nobody
 * stores arbitrary entries. The code-table fingerprint moves with every save and reset, so other
 * browsers refetch the table (see /sys/catalogue/version).
 */
export const createFieldLabelService = (db: Db, resources: ResourceRegistry) => {
  // read on first use: every module has registered its resources by the time a request comes
  let known: Map<string, string[]> | undefined
  const fieldsByResource = () => {
    known ??= new Map(
      resources
        .all()
        .map((reg) => [reg.compiled.meta.name, labelledFields(reg)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    )
    return known
  }

  /** The key, checked against the registry: unknown resources and fields answer 400 on `key`. */
  const checkedKey = (key: string) => {
    const [, resource = '', field = ''] = FIELD_LABEL_KEY.exec(key) ?? []
    if (!fieldsByResource().get(resource)?.includes(field)) {
      fail(Errors.ParameterError, [{ path: 'key', code: 'custom', message: 'not a field of a resource' }])
    }
    return key
  }

  return {
    /** Every resource with the fields its screens label. */
    fields(): FieldLabelResource[] {
      return [...fieldsByResource()].map(([resource, fields]) => ({ resource, fields }))
    },

    /** Adds the override of a field's label or changes it (its version moves); logged in the same transaction. */
    async save(req: RequestInfo, principal: Principal, input: FieldLabelSave): Promise<FieldLabel> {
      const key = checkedKey(input.key)
      return db.transaction(async (tx) => {
        // takes the runtime-id lock first: two first saves of one key cannot both insert
        const id = await nextCodeId(tx)
        const [before] = await tx.select().from(codeTable).where(eq(codeTable.key, key))
        const stamp = { updateAt: new Date(), updateBy: principal.userId }
        const [row] = before
          ? await tx
              .update(codeTable)
              .set({ zh: input.zh, en: input.en, ...stamp, version: sql`${codeTable.version} + 1` })
              .where(eq(codeTable.id, before.id))
              .returning()
          : await tx
              .insert(codeTable)
              .values({ id, key, category: FIELD_LABEL_CATEGORY, zh: input.zh, en: input.en, ...stamp })
              .returning()
        if (!row?.key) throw new Error(`field label ${key} not written`)
        await recordOperation(tx, req, {
          operation: 'saveFieldLabel',
          resource: 'sys_code',
          objectId: String(row.id),
          before: before ? logged(before) : null,
          after: logged(row),
        })
        return { id: row.id, key: row.key, zh: row.zh, en: row.en, version: row.version }
      })
    },

    /**
     * Removes the override: the field shows its bundled label again. Only the key's form is
     * checked, so an override of a field that no longer exists can still be removed.
     */
    async reset(req: RequestInfo, key: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(codeTable).where(eq(codeTable.key, key)).returning()
        if (!removed) return
        await recordOperation(tx, req, {
          operation: 'resetFieldLabel',
          resource: 'sys_code',
          objectId: String(removed.id),
          before: logged(removed),
        })
      })
    },
  }
}
