/** One value of a dictionary; its label is a code-table entry (SPEC 3 code table). */
export type DictItemDef = { value: string; textId: number; zh: string; en: string }

/** A dictionary type: `code` names it for selects (e.g. `transport_mode`). */
export type DictDef = { code: string; textId: number; zh: string; en: string; items: readonly DictItemDef[] }

export const item = (value: string, textId: number, zh: string, en: string): DictItemDef => ({ value, textId, zh, en })
