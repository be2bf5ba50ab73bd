import { ConfigProvider, theme } from 'antd'
import { type ReactNode, useEffect, useMemo } from 'react'
import { usePreferences } from './preferences.ts'
import { useReducedMotion } from './reduced-motion.ts'

/**
 * The text shade (7) of preset colours, under both of antd's names for it (`green7` and the
 * `green-7` its CSS variable is written from).
 */
const tagText = (shades: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(shades).flatMap(([colour, hex]) => [
      [`${colour}7`, hex],
      [`${colour}-7`, hex],
    ]),
  )

/**
 * The light theme's colours that are read as text, each at 4.5:1 or more on white and on its own
 * tint (WCAG AA), where antd's defaults fall short: grey texts (secondary 45 % black 3.4:1,
 * placeholders 25 % 1.8:1, the breadcrumb), the status colours (success 2.3:1, warning 1.9:1,
 * error 3.3:1, info; used by tags, danger links, form errors) with their tints kept as they were,
 * and the text shade of the coloured tags (orange, gold, green, cyan... 2-3.4:1).
 */
const READABLE_LIGHT = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorError: '#cf1322',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorInfo: '#0958d9',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
  ...tagText({
    volcano: '#ad2102',
    orange: '#ad4e00',
    gold: '#874d00',
    yellow: '#876800',
    lime: '#3f6600',
    green: '#237804',
    cyan: '#006d75',
  }),
}

/**
 * The theme follows the interface settings, applied live through
 * antd's tokens: dark or light algorithm and the primary colour (links too, which antd otherwise
 * draws in its own blue). Colour-weak mode filters the page. Where the system asks for less motion,
 * antd's components appear without their motion.
 * antd's texts and dayjs follow the language in the signed-in app (`SignedInLocale`); the public
 * pages use neither.
 */
export const AppTheme = ({ children }: { children: ReactNode }) => {
  const { theme: mode, primaryColor, colorWeak } = usePreferences()
  const dark = mode === 'dark'
  const reducedMotion = useReducedMotion()
  const config = useMemo(
    () => ({
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: {
        colorPrimary: primaryColor,
        colorLink: primaryColor,
        motion: !reducedMotion,
        ...(dark ? {} : READABLE_LIGHT),
      },
      // a table's empty text is drawn in the disabled grey: as readable as a description
      components: dark ? {} : { Table: { colorTextDisabled: READABLE_LIGHT.colorTextDescription } },
    }),
    [dark, primaryColor, reducedMotion],
  )
  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('color-weak', colorWeak)
    root.classList.toggle('theme-dark', dark)
    root.style.colorScheme = dark ? 'dark' : 'light'
  }, [colorWeak, dark])
  return (
    <ConfigProvider theme={MOTION_WRAPPED}>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </ConfigProvider>
  )
}

/**
 * antd wraps the page in its motion providers the first time a theme's motion differs from the
 * one around it, which remounts everything under it (a half-typed form is lost). A theme around
 * the app's whose motion is neither on nor off (nothing reads it but that comparison: the app's
 * theme sets its own) makes the app's differ from its first render, whichever the system asks
 * for, so a live change of the setting only changes the providers' value.
 */
const MOTION_WRAPPED = { token: { motion: null as unknown as boolean } }
