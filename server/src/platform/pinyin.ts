import { pinyin } from 'pinyin-pro'

const opts = { toneType: 'none', type: 'array', nonZh: 'consecutive' } as const

/** Full pinyin and initials of a name, lower case without spaces: 健康食品 -> jiankangshipin, jksp. */
export const pinyinOf = (text: string | null | undefined) => {
  if (!text) return { namePinyin: null, nameInitials: null }
  const squash = (parts: string[]) => parts.join('').replace(/\s+/g, '').toLowerCase()
  return {
    namePinyin: squash(pinyin(text, opts)).slice(0, 512),
    nameInitials: squash(pinyin(text, { ...opts, pattern: 'first' })).slice(0, 128),
  }
}

/**
 * The pinyin code rule of SPEC 5 (拼音码): keeps letters, digits, spaces and hyphens, turns each
 * Chinese character into its initial (健康-茶 -> JK-C), drops everything else and collapses
 * repeated hyphens.
 */
export const pinyinCode = (value: string) =>
  pinyin(value, { ...opts, pattern: 'first' })
    .join('')
    .replace(/[^A-Za-z0-9 -]/g, '')
    .replace(/-{2,}/g, '-')
    .toUpperCase()
