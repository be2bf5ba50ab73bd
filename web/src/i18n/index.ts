import type { Lang } from '@app/contracts'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { StorageKey, storage } from '../auth/storage.ts'
import type zh from './locales/zh/index.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof zh }
  }
}

/** An area of the texts: one file per language under locales/<lang>/, fetched on demand. */
export type TextArea = keyof typeof zh

/** What the public pages (sign-in, registration, error pages) show. */
export const PUBLIC_AREAS: readonly TextArea[] = ['common', 'auth', 'layout', 'pages']

/** Everything; the signed-in app loads it with its shell. */
export const ALL_AREAS: readonly TextArea[] = [
  'common',
  'auth',
  'layout',
  'pages',
  'shell',
  'messaging',
  'list',
  'fields',
  'admin',
  'approval',
  'product',
  'sales',
  'salesReview',
  'delivery',
  'notify',
]

type AreaModule = { default: Record<string, unknown> } & Record<string, unknown>

// each file its own chunk: a language's area is fetched the first time it is needed
const files = import.meta.glob<AreaModule>(['./locales/*/*.ts', '!./locales/*/index.ts'])

/**
 * An area's texts as they sit in the one `translation` namespace. Administration, product and
 * messaging add their resources' names (`<x>Resources`) to `list.resources` and their field labels
 * (`<x>Fields`) to `fields`.
 */
const bundleOf = (area: TextArea, module: AreaModule) => {
  const bundle: Record<string, unknown> = { [area]: module.default }
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('Resources')) bundle.list = { resources: value }
    else if (name.endsWith('Fields')) bundle.fields = value
  }
  return bundle
}

const loading = new Map<string, Promise<void>>()

/** Fetches (once) and adds these areas of a language. */
export const loadTexts = (lang: Lang, areas: readonly TextArea[]): Promise<void> =>
  Promise.all(
    areas.map((area) => {
      const key = `${lang}/${area}`
      let done = loading.get(key)
      if (!done) {
        const load = files[`./locales/${key}.ts`]
        if (!load) throw new Error(`no texts for ${key}`)
        done = load().then((module) => {
          i18n.addResourceBundle(lang, 'translation', bundleOf(area, module), true, true)
        })
        loading.set(key, done)
      }
      return done
    }),
  ).then(() => undefined)

/** The areas the app has asked for so far: a language switch loads the same in the new language. */
const wanted = new Set<TextArea>()

/** Loads the areas in the current language and remembers them for a language switch. */
export const requireTexts = (areas: readonly TextArea[]) => {
  for (const area of areas) wanted.add(area)
  return loadTexts(currentLang(), areas)
}

/** SPEC 1: zh by default; English when the browser asks for it. A choice made in the header wins. */
export const initialLang = (): Lang => {
  const stored = storage.get<Lang>(StorageKey.lang)
  if (stored === 'zh' || stored === 'en') return stored
  return navigator.language?.toLowerCase().startsWith('en') ? 'en' : 'zh'
}

let ready: Promise<void> = Promise.resolve()

/**
 * A field's label inside an English sentence (`{{label, inSentence}}`): 'Login account' reads
 * 'login account' there, while 'ERP code' and 'SKU' keep their capitals.
 */
export const inSentence = (label: string) =>
  /^\p{Lu}\p{Ll}/u.test(label) ? `${label[0]!.toLowerCase()}${label.slice(1)}` : label

/**
 * Starts i18next in the initial language with the given areas (every area unless told: tests,
 * and any screen); resolves when their texts are in. The web app starts with the public areas and
 * loads the rest with the signed-in shell.
 */
export const initI18n = (areas: readonly TextArea[] = ALL_AREAS): Promise<void> => {
  const lang = initialLang()
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
  for (const area of areas) wanted.add(area)
  loading.clear() // a new store
  void i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: lang,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  i18n.services.formatter?.add('inSentence', (value) => inSentence(String(value)))
  // every English file has the keys of its Chinese twin (type-checked): the fallback is never needed
  ready = loadTexts(lang, areas)
  return ready
}

/** Switches every text without a reload; the http client sends the new `langCode` from now on. */
export const setLanguage = async (lang: Lang) => {
  await ready
  await loadTexts(lang, [...wanted])
  storage.set(StorageKey.lang, lang)
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
  await i18n.changeLanguage(lang)
}

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'zh')

export { i18n }
