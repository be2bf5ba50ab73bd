import { act, fireEvent, render } from '@testing-library/react'
import { Input } from 'antd'
import { useEffect } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { AppTheme } from './AppTheme.tsx'

/** The system's motion setting, changeable while the page is open. */
const systemMotion = (reduce: boolean) => {
  const listeners = new Set<() => void>()
  const media = {
    matches: reduce,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }
  vi.stubGlobal('matchMedia', () => media)
  return (next: boolean) => {
    media.matches = next
    for (const l of listeners) l()
  }
}

afterEach(() => vi.unstubAllGlobals())

/** A page with a field, counting its mounts. */
const Page = ({ mounted }: { mounted: { times: number } }) => {
  useEffect(() => {
    mounted.times += 1
  }, [mounted])
  return <Input aria-label="name" defaultValue="" />
}

it('follows a live change of the system motion setting without remounting the page (a half-typed form stays)', () => {
  for (const from of [false, true]) {
    const change = systemMotion(from)
    const mounted = { times: 0 }
    const view = render(
      <AppTheme>
        <Page mounted={mounted} />
      </AppTheme>,
    )
    fireEvent.change(view.getByLabelText('name'), { target: { value: '半个名字' } })
    act(() => change(!from))
    act(() => change(from))
    expect(mounted.times, `from ${from ? 'reduced' : 'full'} motion`).toBe(1)
    expect((view.getByLabelText('name') as HTMLInputElement).value).toBe('半个名字')
    view.unmount()
  }
})
