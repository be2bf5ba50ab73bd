import { fieldLabelKey, type Lang } from '@app/contracts'
import type { i18n as I18n } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useCodeOverrides } from '../../auth/code-table.ts'

type LooseT = (key: string, options?: Record<string, unknown>) => string

/** `t` for keys built at run time (field labels, rule names); unknown keys come back as given. */
export const useLooseT = () => {
  const { t } = useTranslation()
  return t as unknown as LooseT
}

/**
 * The label the web bundles for a field in one language: `fields.<resource>.<field>`, else the
 * shared `common.fields.<field>` (code, name, status, created at...), else the field name.
 */
export const bundledFieldLabel = (i18n: I18n, lang: Lang, resource: string, field: string): string => {
  for (const key of [`fields.${resource}.${field}`, `common.fields.${field}`]) {
    if (i18n.exists(key, { lng: lang })) return (i18n.t as unknown as LooseT)(key, { lng: lang })
  }
  return field
}

/**
 * A field's label in the current language: the code-table override `field:<resource>.<field>`
 * (edited on the language screen, for every user, without a restart), else the bundled label.
 * List columns, search forms, forms, record views, history and export titles all ask here.
 */
export const useFieldLabel = (resource: string) => {
  const { i18n } = useTranslation()
  const overrides = useCodeOverrides()
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh'
  return useCallback(
    (field: string) =>
      overrides.get(fieldLabelKey(resource, field))?.[lang] || bundledFieldLabel(i18n, lang, resource, field),
    [overrides, lang, i18n, resource],
  )
}

/** The resource's name for titles ('supplier' -> 供应商 / supplier). */
export const useResourceTitle = (resource: string) => {
  const loose = useLooseT()
  return loose(`list.resources.${resource}`)
}
