import type { Query } from '@tanstack/react-query'
import { keys } from '../api/queries.ts'

/** Queries about the user's session rather than business data: menus, code table, settings. */
const SESSION_WIDE = new Set<string>([keys.permissions[0], keys.codeTable[0], keys.settings[0]])

/** Business data: what a department switch or a tab's refresh fetches again. */
export const isBusinessQuery = (query: Query) => !SESSION_WIDE.has(String(query.queryKey[0]))
