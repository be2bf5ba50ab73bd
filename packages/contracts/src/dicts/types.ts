/** One value of a dictionary; its label is a code-table entry (SPEC 3 code table). */
export type DictItemDef = { value: string; textId: number; zh: string; en: string }

/**
 * A dictionary type: `code` names it for selects (e.g. `transport_mode`). `open`: records take its
 * values as data (a unit, a dosage form), and administrators add values to it that forms then offer;
 * a closed dictionary's values are the code's own (statuses, types it acts on) and take none at run time.
 */
export type DictDef = {
  code: string
  textId: number
  zh: string
  en: string
  items: readonly DictItemDef[]
  open?: true
}

export const item = (value: string, textId: number, zh: string, en: string): DictItemDef => ({ value, textId, zh, en })
