import { ConfigProvider, theme } from 'antd'
import { type ReactNode, useEffect, useMemo } from 'react'
import { usePreferences } from './preferences.ts'

/**
 * The theme follows the interface settings, applied live through
 * antd's tokens: dark or light algorithm and the primary colour. Colour-weak mode filters the page.
 * antd's texts and dayjs follow the language in the signed-in app (`SignedInLocale`); the public
 * pages use neither.
 */
export const AppTheme = ({ children }: { children: ReactNode }) => {
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
  return <ConfigProvider theme={config}>{children}</ConfigProvider>
}
