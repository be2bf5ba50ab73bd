import { GlobalOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../i18n/index.ts'

/**
 * The public pages' zh / en switch: one button naming the other language (styles.css
 * `.text-button`). The header's LanguageSelect (antd's dropdown menu) would weigh on the login page.
 */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation()
  const other = i18n.language === 'en' ? 'zh' : 'en'
  return (
    <button
      type="button"
      className="text-button"
      aria-label={t('layout.language')}
      data-testid="language-select"
      onClick={() => void setLanguage(other)}
    >
      <GlobalOutlined />
      {t(`common.lang.${other}`)}
    </button>
  )
}
