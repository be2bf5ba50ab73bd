import { Activity, type ComponentType, memo, useMemo, useRef } from 'react'
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  type NavigationType,
  useNavigationType,
} from 'react-router'
import { TabPage } from './TabPage.tsx'
import { locationOf, type Tab } from './tab-model.ts'
import { TabPaneContext } from './useTabPane.ts'

type PageComponent = ComponentType<{ path: string }>

type PaneProps = {
  page: PageComponent
  tab: Tab
  active: boolean
  location: Location
  navigationType: NavigationType
}

/**
 * One tab's screen. React's Activity keeps a hidden screen's state and DOM (filters, page, selection,
 * half-filled forms) while pausing its effects, so a hidden list does not poll or refetch. Each screen
 * sees its own location (`useLocation`, `useSearchParams`), not the one of the tab in front.
 */
const Pane = memo(({ page: Page, tab, active, location, navigationType }: PaneProps) => {
  const pane = useMemo(
    () => ({ tabKey: tab.key, path: tab.path, active, routeVersion: tab.routeVersion }),
    [tab.key, tab.path, tab.routeVersion, active],
  )
  const routing = useMemo(() => ({ location, navigationType }), [location, navigationType])
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <div data-testid="tab-pane" data-tab={tab.key}>
        <TabPaneContext value={pane}>
          <LocationContext value={routing}>
            <Page path={tab.key} />
          </LocationContext>
        </TabPaneContext>
      </div>
    </Activity>
  )
})

/** The open tabs' screens, the front one visible; with multi-tab mode off only the front one exists. */
export const TabPanes = ({
  tabs,
  activeKey,
  location,
  keepAlive,
  page = TabPage,
}: {
  tabs: readonly Tab[]
  activeKey: string
  location: Location
  keepAlive: boolean
  /** What renders a tab's screen (the real pages; tests pass their own). */
  page?: PageComponent
}) => {
  const navigationType = useNavigationType()
  const lastLocation = useRef(new Map<string, Location>())
  lastLocation.current.set(activeKey, location)
  for (const tab of tabs) {
    if (!lastLocation.current.has(tab.key)) lastLocation.current.set(tab.key, locationOf(tab.path))
  }
  const shown = keepAlive ? tabs : tabs.filter((t) => t.key === activeKey)
  return shown.map((tab) => (
    <Pane
      key={`${tab.key}#${tab.version}`}
      page={page}
      tab={tab}
      active={tab.key === activeKey}
      location={lastLocation.current.get(tab.key) as Location}
      navigationType={navigationType}
    />
  ))
}
