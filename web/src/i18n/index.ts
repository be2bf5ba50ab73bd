import type { Lang } from '@app/contracts'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { StorageKey, storage } from '../auth/storage.ts'
import en from './locales/en/index.ts'
import zh from './locales/zh/index.ts'

export const resources = { zh: { translation: zh }, en: { translation: en } } as const

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof zh }
  }
}

/** SPEC 1: zh by default; English when the browser asks for it. A choice made in the header wins. */
export const initialLang = (): Lang => {
  const stored = storage.get<Lang>(StorageKey.lang)
  if (stored === 'zh' || stored === 'en') return stored
  return navigator.language?.toLowerCase().startsWith('en') ? 'en' : 'zh'
}

const applyDayjs = (lang: Lang) => dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en')

export const initI18n = () => {
  const lang = initialLang()
  applyDayjs(lang)
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  return i18n
}

/** Switches every text without a reload; the http client sends the new `langCode` from now on. */
export const setLanguage = async (lang: Lang) => {
  storage.set(StorageKey.lang, lang)
  applyDayjs(lang)
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
  await i18n.changeLanguage(lang)
}

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'zh')

export { i18n }
