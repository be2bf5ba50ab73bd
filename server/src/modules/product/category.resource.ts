import { CategoryInputSchema, CategoryOptionSchema, CategorySchema, categoryResource, Errors } from '@app/contracts'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { categories, products } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { fail } from '../../platform/errors.ts'

/** The ids from `id` up to its root (a broken chain stops at 50 levels). */
const ancestorsOf = async (tx: DbOrTx, id: string) => {
  const chain: string[] = []
  for (let cur: string | null = id; cur && chain.length < 50; ) {
    chain.push(cur)
    const [row] = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, cur))
    if (!row) fail(Errors.ParameterError, { field: 'parentId' })
    cur = row.parentId
  }
  return chain
}

/** A parent must exist, and a category cannot move under itself or one of its descendants. */
const checkParent = async (tx: DbOrTx, parentId: string | null | undefined, selfId?: string) => {
  if (!parentId) return
  const chain = await ancestorsOf(tx, parentId)
  if (selfId && chain.includes(selfId)) fail(Errors.ParameterError, { field: 'parentId' })
}

/**
 * Product categories (SPEC 3): a tree by `parentId` with a sort number. `getForDropDown` (SPEC 7)
 * answers the enabled ones like `getListAll`; the web builds the tree from `parentId`.
 */
export const categoryCrud: CrudResource = {
  meta: categoryResource,
  table: categories,
  record: CategorySchema,
  input: CategoryInputSchema,
  pinyin: true,
  listAll: { record: CategoryOptionSchema, where: () => eq(categories.status, '1'), alias: ['getForDropDown'] },
  referencedBy: [
    { table: categories, column: categories.parentId },
    { table: products, column: products.categoryId },
  ],
  hooks: {
    async beforeInsert(values, { tx }) {
      await checkParent(tx, values.parentId as string | null | undefined)
      return values
    },
    async beforeUpdate(values, before, { tx }) {
      if ('parentId' in values) await checkParent(tx, values.parentId as string | null | undefined, before.id)
      return values
    },
  },
}
