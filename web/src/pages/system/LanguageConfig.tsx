import { CodeInputSchema, codeResource } from '@app/contracts'
import { Alert, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCatalogueCheckOn } from '../../api/admin.ts'
import { ListPage } from '../../components/list/ListPage.tsx'
import { defineList } from '../../components/list/types.ts'
import { FieldLabelList } from './FieldLabelList.tsx'

const list = defineList({
  resource: codeResource,
  input: CodeInputSchema,
  defaultSort: { column: 'id', order: 'asc' },
  without: ['delete', 'batchDelete'],
  form: {
    id: { editable: false },
    zh: { span: 24, widget: 'textarea' },
    en: { span: 24, widget: 'textarea' },
  },
})

/**
 * Language configuration (issue 5): the runtime code table — id, category, Chinese, English —
 * behind menus, buttons, statuses, dictionary labels and error messages, and the field labels
 * (code-table overrides of the labels the web bundles). An edit shows at once, without a restart:
 * the server reads the table per request, and this screen has the web refetch it after a save.
 */
export const LanguageConfig = () => {
  const { t } = useTranslation()
  useCatalogueCheckOn(codeResource.name)
  return (
    <Tabs
      data-testid="language-tabs"
      items={[
        {
          key: 'codes',
          label: t('admin.language.codeTab'),
          children: (
            <>
              <Alert type="info" showIcon title={t('admin.language.hint')} style={{ marginBottom: 12 }} />
              <ListPage list={list} />
            </>
          ),
        },
        { key: 'fields', label: t('admin.language.fieldTab'), children: <FieldLabelList /> },
      ]}
    />
  )
}
export default LanguageConfig
