import { act, render } from '@testing-library/react'
import type { ComponentProps, ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { HOME_PATH } from '../config/constants.ts'
import { TabPanes } from '../layout/tabs/TabPanes.tsx'
import { locationOf, openTab, refreshTab, restoreTabs, type Tab } from '../layout/tabs/tab-model.ts'

/**
 * The shell's tab panes around `page`, one tab in front at a time, as the layout renders them:
 * `show(path)` opens or brings a tab to the front, `refresh(key)` remounts one, `pane(key)` is its
 * element. `wrap` gives the providers the page needs (query client, antd's App).
 */
export const renderTabs = ({
  page,
  keepAlive = true,
  wrap = (children) => children,
}: {
  page: ComponentProps<typeof TabPanes>['page']
  keepAlive?: boolean
  wrap?: (children: ReactNode) => ReactNode
}) => {
  let tabs = restoreTabs(null, () => true)
  let shown = locationOf(HOME_PATH, HOME_PATH)
  const view = render(<div />)
  const show = (path: string, change: (t: Tab[]) => Tab[] = (t) => t) => {
    shown = locationOf(path, path)
    tabs = change(openTab(tabs, shown.pathname, path))
    act(() => {
      view.rerender(
        wrap(
          <MemoryRouter>
            <TabPanes tabs={tabs} activeKey={shown.pathname} location={shown} keepAlive={keepAlive} page={page} />
          </MemoryRouter>,
        ),
      )
    })
  }
  const pane = (key: string) => view.container.querySelector<HTMLElement>(`[data-tab="${key}"]`)
  return { show, pane, refresh: (key: string) => show(shown.pathname + shown.search, (t) => refreshTab(t, key)) }
}
