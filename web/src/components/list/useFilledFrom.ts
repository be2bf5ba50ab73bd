import { useEffect, useRef, useState } from 'react'

/**
 * Puts a record into a form each time a fresh copy arrives (`fill`, which may answer a cleanup) and
 * answers whether the form holds it yet: until then the form takes no input, for the record's values
 * would replace what was typed.
 */
export const useFilledFrom = <T extends object>(
  value: T | undefined,
  active: boolean,
  fill: (value: T) => undefined | (() => void),
) => {
  const [filled, setFilled] = useState<T>()
  // the fill of the latest render: a record is put in once, when it arrives
  const latestFill = useRef(fill)
  latestFill.current = fill
  useEffect(() => {
    if (!active || !value) return
    const cleanup = latestFill.current(value)
    setFilled(value)
    return cleanup
  }, [value, active])
  return value !== undefined && filled === value
}
