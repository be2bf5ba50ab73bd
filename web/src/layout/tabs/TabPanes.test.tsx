import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderTabs } from '../../test/render-tabs.tsx'
import { useTabRouteChange } from './useTabPane.ts'

/** A screen with a filter box, like a list: it counts route changes. */
const Screen = ({ path }: { path: string }) => {
  const { pathname, search } = useLocation()
  const [resets, setResets] = useState(0)
  useTabRouteChange(() => setResets((n) => n + 1))
  return (
    <div>
      <input aria-label={`filter ${path}`} />
      <output aria-label={`location ${path}`}>{`${pathname}${search}`}</output>
      <output aria-label={`resets ${path}`}>{resets}</output>
    </div>
  )
}

const setup = (keepAlive = true) => renderTabs({ page: Screen, keepAlive })

describe('tab panes', () => {
  it('keeps a screen and what was typed in it while another tab is in front', () => {
    const { show, pane } = setup()
    show('/md/supplierList')
    fireEvent.change(screen.getByLabelText('filter /md/supplierList'), { target: { value: 'Acme' } })
    show('/sys/user')
    expect(pane('/md/supplierList')?.style.display).toBe('none')
    expect(pane('/sys/user')?.style.display).not.toBe('none')
    show('/md/supplierList')
    expect(pane('/md/supplierList')?.style.display).not.toBe('none')
    expect(screen.getByLabelText<HTMLInputElement>('filter /md/supplierList').value).toBe('Acme')
  })

  it('gives each screen its own location, also while hidden', () => {
    const { show } = setup()
    show('/sale/orderList?status=100801')
    show('/sys/user')
    expect(screen.getByLabelText('location /sale/orderList').textContent).toBe('/sale/orderList?status=100801')
    expect(screen.getByLabelText('location /sys/user').textContent).toBe('/sys/user')
  })

  it('tells a screen its route changed when it is opened again with another query (SPEC 4)', () => {
    const { show } = setup()
    show('/sale/orderList')
    show('/sys/user')
    show('/sale/orderList')
    expect(screen.getByLabelText('resets /sale/orderList').textContent).toBe('0')
    show('/sale/orderList?busObjNo=SO-1')
    expect(screen.getByLabelText('resets /sale/orderList').textContent).toBe('1')
  })

  it('refresh remounts only that screen, clearing what was typed', () => {
    const { show, refresh } = setup()
    show('/a')
    fireEvent.change(screen.getByLabelText('filter /a'), { target: { value: 'one' } })
    show('/b')
    fireEvent.change(screen.getByLabelText('filter /b'), { target: { value: 'two' } })
    refresh('/b')
    expect(screen.getByLabelText<HTMLInputElement>('filter /b').value).toBe('')
    expect(screen.getByLabelText<HTMLInputElement>('filter /a').value).toBe('one')
  })

  it('with multi-tab mode off only the screen in front exists', () => {
    const { show, pane } = setup(false)
    show('/a')
    show('/b')
    expect(pane('/a')).toBeNull()
    expect(pane('/b')).not.toBeNull()
  })
})
