import { ConfigProvider, theme } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import { type ReactNode, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { usePreferences } from './preferences.ts'

/**
 * antd's locale follows the language; the theme follows the interface settings, applied live through
 * antd's tokens: dark or light algorithm and the primary colour. Colour-weak mode filters the page.
 */
export const AppTheme = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation()
  const { theme: mode, primaryColor, colorWeak } = usePreferences()
  const dark = mode === 'dark'
  const config = useMemo(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: primaryColor },
    }),
    [dark, primaryColor],
  )
  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('color-weak', colorWeak)
    root.classList.toggle('theme-dark', dark)
    root.style.colorScheme = dark ? 'dark' : 'light'
  }, [colorWeak, dark])
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={config}>
      {children}
    </ConfigProvider>
  )
}
