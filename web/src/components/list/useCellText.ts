import type { FieldMeta } from '@app/contracts'
import dayjs from 'dayjs'
import { useCallback } from 'react'
import { DATE_FORMAT, DATETIME_FORMAT, formatThousands } from '../../config/constants.ts'
import { useDictText } from './useDict.ts'

/**
 * A value as a list shows it (SPEC 9): numbers with thousands separators (a code without), dates as YYYY-MM-DD
 * HH:mm:ss, dictionary values as their text. References are shown by `RefLabel`.
 */
export const useCellText = () => {
  const dictText = useDictText()
  return useCallback(
    (meta: FieldMeta | undefined, value: unknown): string => {
      if (value === null || value === undefined || value === '') return ''
      switch (meta?.type) {
        case 'number':
          return meta.code ? String(value) : formatThousands(value as number | string)
        case 'datetime':
          return dayjs(value as string).format(DATETIME_FORMAT)
        case 'date':
          return dayjs(value as string).format(DATE_FORMAT)
        case 'dict':
          return meta.dict ? dictText(meta.dict, value) : String(value)
        default:
          return typeof value === 'object' ? JSON.stringify(value) : String(value)
      }
    },
    [dictText],
  )
}
