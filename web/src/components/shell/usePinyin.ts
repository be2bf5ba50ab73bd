import { useEffect, useState } from 'react'
import { type Pinyin, pinyinOf } from './menu-search.ts'

let loaded: Pinyin | null = null
let loading: Promise<Pinyin> | null = null

/** pinyin-pro, loaded on first use (it is large); null until it has arrived. */
export const usePinyin = (): Pinyin | null => {
  // the loaded function as the state, not an initializer React would call
  const [pinyin, setPinyin] = useState<Pinyin | null>(() => loaded)
  useEffect(() => {
    if (pinyin) return
    let alive = true
    loading ??= import('pinyin-pro').then((m) => {
      loaded = pinyinOf(m.pinyin as unknown as Parameters<typeof pinyinOf>[0])
      return loaded
    })
    void loading.then((p) => {
      if (alive) setPinyin(() => p)
    })
    return () => {
      alive = false
    }
  }, [pinyin])
  return pinyin
}
