import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

type LooseT = (key: string, options?: Record<string, unknown>) => string

/** `t` for keys built at run time (field labels, rule names); unknown keys come back as given. */
export const useLooseT = () => {
  const { t } = useTranslation()
  return t as unknown as LooseT
}

/**
 * A field's label in the current language: `fields.<resource>.<field>`, else the shared
 * `common.fields.<field>` (code, name, status, created at...), else the field name.
 */
export const useFieldLabel = (resource: string) => {
  const { t, i18n } = useTranslation()
  return useCallback(
    (field: string) => {
      const loose = t as unknown as LooseT
      const own = `fields.${resource}.${field}`
      if (i18n.exists(own)) return loose(own)
      const shared = `common.fields.${field}`
      return i18n.exists(shared) ? loose(shared) : field
    },
    [t, i18n, resource],
  )
}

/** The resource's name for titles ('supplier' -> 供应商 / supplier). */
export const useResourceTitle = (resource: string) => {
  const loose = useLooseT()
  return loose(`list.resources.${resource}`)
}
