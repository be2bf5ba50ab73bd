/**
 * Names that are data (flows and their steps, departments, roles, positions, categories, products,
 * their specs...) are kept in Chinese (`name`, required) with an English twin beside them
 * (`nameEn`, `departNameEn`, `stepNameEn`, `specEn`, optional). This is the one rule for which of
 * the two a reader sees: in English the twin when it holds text, otherwise the Chinese name.
 */

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/**
 * The name of `row` in the language shown: `row[field + 'En']` in English when it is not blank,
 * else `row[field]` ('' when that is empty too). `lang` is a language code ('zh', 'en'; i18next's
 * own code on the web).
 */
export const localName = (row: object, lang: string, field = 'name'): string => {
  const values = row as Record<string, unknown>
  const en = values[`${field}En`]
  if (lang === 'en' && filled(en)) return en
  const zh = values[field]
  return zh === null || zh === undefined ? '' : String(zh)
}

/**
 * Every name of `row` a search by name matches, whatever the language shown: the Chinese name and
 * its English twin (`row[field + 'En']`) when each holds text. Selects filter on these beside the
 * label they show; the server's list search matches a name field's twin column the same way.
 */
export const namesOf = (row: object, field = 'name'): string[] => {
  const values = row as Record<string, unknown>
  return [values[field], values[`${field}En`]].filter(filled).map((n) => n.trim())
}
