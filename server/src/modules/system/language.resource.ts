import { CodeEditSchema, CodeInputSchema, CodeSchema, codeResource, RUNTIME_CODE_FROM } from '@app/contracts'
import { codeTable } from '../../db/schema/index.ts'
import type { CrudResource } from '../../platform/crud/resource.ts'
import { nextCodeId } from './language.service.ts'

/**
 * Language configuration (issue 5): the runtime code table (SPEC 3) — id, category, zh, en — that
 * titles menus and buttons and labels dictionaries, statuses, roles and more. Menus and labels are
 * read from it per request, so an edit shows without a restart (the web refetches it when its
 * version moves, see /sys/catalogue/version). Entries are added or edited, never deleted: the
 * product refers to them by id. An added entry without an id gets the next from 900000.
 */
export const codeCrud: CrudResource = {
  meta: codeResource,
  table: codeTable,
  record: CodeSchema,
  input: CodeInputSchema,
  editInput: CodeEditSchema,
  idType: 'int',
  defaultSort: { column: 'id', order: 'asc' },
  verbs: ['add', 'edit', 'history', 'export', 'import'],
  hooks: {
    // an entry without an id takes the next free one; a workbook's, one after another in row order
    async beforeInsertMany(list, { tx }) {
      let top = (await nextCodeId(tx)) - 1
      return list.map((values) => {
        const given = Number(values.id ?? 0)
        if (!given) return { ...values, id: ++top }
        if (given > top && given >= RUNTIME_CODE_FROM) top = given
        return values
      })
    },
  },
}
