import { GlobalOutlined } from '@ant-design/icons'
import type { Lang } from '@app/contracts'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../i18n/index.ts'

/** zh / en switch: every text changes at once, no reload (SPEC 2 header). */
export const LanguageSelect = ({ className, compact = false }: { className?: string; compact?: boolean }) => {
  const { t, i18n } = useTranslation()
  const items = (['zh', 'en'] as const).map((lang: Lang) => ({ key: lang, label: t(`common.lang.${lang}`) }))
  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [i18n.language],
        onClick: ({ key }) => void setLanguage(key as Lang),
      }}
    >
      <Button
        type="text"
        className={className}
        aria-label={t('layout.language')}
        data-testid="language-select"
        icon={<GlobalOutlined />}
      >
        {compact ? null : t(`common.lang.${i18n.language === 'en' ? 'en' : 'zh'}`)}
      </Button>
    </Dropdown>
  )
}
