/**
 * SPEC 5 selection rules for actions on selected rows: batch actions need at least one row
 * ('Please select a record'), some need exactly one, comparing needs exactly two.
 */
export type SelectionRule = 'any' | 'one' | 'two'

/** The i18n key of the refusal, or null when the selection suits the action. */
export type SelectionRefusal =
  | 'common.messages.selectRecord'
  | 'list.selection.exactlyOne'
  | 'list.selection.exactlyTwo'

export const checkSelection = (rule: SelectionRule, count: number): SelectionRefusal | null => {
  if (rule === 'two') return count === 2 ? null : 'list.selection.exactlyTwo'
  if (count === 0) return 'common.messages.selectRecord'
  if (rule === 'one' && count !== 1) return 'list.selection.exactlyOne'
  return null
}
