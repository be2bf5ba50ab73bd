import { useQuery } from '@tanstack/react-query'
import { Breadcrumb } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { permissionQuery } from '../api/queries.ts'
import { useCodeText } from '../auth/code-table.ts'
import { HOME_PATH } from '../config/constants.ts'
import { menuTrail } from './menu.ts'

/** The breadcrumb: always home first, then the menu trail or the page's own title (SPEC 2). */
export const PageBreadcrumb = ({ path, title }: { path: string; title: string }) => {
  const { t } = useTranslation()
  const { data } = useQuery(permissionQuery)
  const codeText = useCodeText()
  const trail = menuTrail(data?.menu ?? [], path).filter((m) => m.url !== HOME_PATH)
  const rest =
    path === HOME_PATH
      ? []
      : trail.length > 0
        ? trail.map((m) => ({ title: codeText(m.meta.titleId, m.meta.title) }))
        : [{ title }]
  return (
    <Breadcrumb
      className="shell-breadcrumb"
      data-testid="breadcrumb"
      items={[{ title: <Link to={HOME_PATH}>{t('layout.home')}</Link> }, ...rest]}
    />
  )
}
