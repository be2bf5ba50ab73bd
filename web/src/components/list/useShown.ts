import { useMemo, useState } from 'react'

/** Which modal is up, and for what; `open` false while it animates away. */
export type Shown<T> = { target: T; open: boolean } | null

/**
 * A modal over one target (a record, two versions): `show` opens it, `hide` starts its closing
 * animation, `gone` (its `afterClose`) forgets the target, so the content stays until it is out of sight.
 */
export const useShown = <T>() => {
  const [shown, setShown] = useState<Shown<T>>(null)
  // the same functions on every render: a memoised list declaration may hold them
  const actions = useMemo(
    () => ({
      show: (target: T) => setShown({ target, open: true }),
      hide: () => setShown((s) => (s ? { ...s, open: false } : s)),
      gone: () => setShown(null),
    }),
    [],
  )
  return { shown, ...actions }
}
