import {
  DictInputSchema,
  DictItemInputSchema,
  dictItemResource,
  dictResource,
  newDictValueRefusal,
} from '@app/contracts'
import { Tabs } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useCatalogueCheckOn } from '../../api/admin.ts'
import type { ResourceRecord } from '../../api/resources.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'
import { useRefOptions } from '../../components/list/useRefOptions.ts'

const textOf = (record: ResourceRecord, zh: string, en: string, lang: string) =>
  String((lang === 'en' ? record[en] : record[zh]) ?? '')

/**
 * Dictionaries (SPEC 3 'dictionary cache'): the types, and their items — a stored value and a label
 * in both languages (a code-table entry). Selects everywhere read them; after a change every
 * signed-in client refetches its cached copy (see useCatalogueRefresh).
 */
export const DictList = () => {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  useCatalogueCheckOn(dictResource.name, dictItemResource.name)
  // dictionaries have integer ids: their codes are looked up here for the items' column
  const { byId: dictCodes } = useRefOptions(dictResource.name, 'dictCode')
  const types = useMemo(
    () =>
      defineList({
        resource: dictResource,
        input: DictInputSchema,
        defaultSort: { column: 'dictCode', order: 'asc' },
        without: ['import', 'export', 'history', 'status'],
        columnOrder: ['dictCode', 'textId'],
        columns: { textId: { render: (_, r) => textOf(r, 'nameZh', 'nameEn', lang) } },
        form: { dictCode: { editable: false }, description: { span: 24 } },
      }),
    [lang],
  )
  const items = useMemo(
    () =>
      defineList({
        resource: dictItemResource,
        input: DictItemInputSchema,
        defaultSort: { column: 'dictId', order: 'asc' },
        without: ['import', 'export', 'history'],
        columnOrder: ['dictId', 'value', 'textId', 'sortNo', 'status'],
        columns: {
          dictId: { render: (v) => dictCodes.get(v as string) ?? '' },
          textId: { render: (_, r) => textOf(r, 'labelZh', 'labelEn', lang) },
        },
        form: {
          // a new value goes to a dictionary that takes values: the built-in closed ones are the code's
          dictId: { editable: false, offers: (o) => newDictValueRefusal(o.label) === null },
          value: { editable: false },
        },
      }),
    [lang, dictCodes],
  )
  return (
    <Tabs
      data-testid="dict-tabs"
      items={[
        { key: 'types', label: t('admin.dict.types'), children: <ListPage list={types} /> },
        { key: 'items', label: t('admin.dict.items'), children: <ListPage list={items} /> },
      ]}
    />
  )
}
export default DictList
