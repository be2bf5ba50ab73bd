import {
  CloseOutlined,
  ColumnWidthOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons'
import { Dropdown, type MenuProps, Tabs } from 'antd'
import type { KeyboardEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { type CloseAction, isClosable, type Tab } from './tab-model.ts'

type Props = {
  tabs: readonly Tab[]
  activeKey: string
  titleOf: (key: string) => string
  onClose: (action: CloseAction, key: string) => void
  onRefresh: (key: string) => void
}

/**
 * The tab strip: click to switch, × to close, right-click (or the keyboard's context-menu key) for
 * refresh and the close actions (SPEC 2); on a focused tab Delete closes it. The × is a mark for the
 * mouse, out of the accessibility tree: a tab list may hold only tabs (antd's own remove buttons
 * sit inside it, which screen readers and axe's aria-required-children reject), and the keyboard
 * has Delete and the context menu.
 */
export const TabStrip = ({ tabs, activeKey, titleOf, onClose, onRefresh }: Props) => {
  const { t } = useTranslation()
  const navigate = useNavigate()

  const menuFor = (key: string): MenuProps => {
    const at = tabs.findIndex((tab) => tab.key === key)
    const single = tabs.length === 1
    // with one tab left every close action explains itself; otherwise an action that closes nothing is off
    const none = (action: CloseAction) =>
      !single &&
      !tabs.some((tab, i) => {
        if (!isClosable(tab.key)) return false
        if (action === 'close') return i === at
        if (action === 'closeLeft') return i < at
        if (action === 'closeRight') return i > at
        return i !== at
      })
    const item = (action: CloseAction, icon: ReactNode) => ({
      key: action,
      icon,
      label: t(`shell.tabs.${action}`),
      disabled: none(action),
    })
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.tabs.refresh') },
        { type: 'divider' },
        item('close', <CloseOutlined />),
        item('closeLeft', <VerticalRightOutlined />),
        item('closeRight', <VerticalLeftOutlined />),
        item('closeOthers', <ColumnWidthOutlined />),
      ],
      onClick: ({ key: action, domEvent }) => {
        domEvent.stopPropagation()
        if (action === 'refresh') onRefresh(key)
        else onClose(action as CloseAction, key)
      },
    }
  }

  const labelOf = (key: string) =>
    isClosable(key) ? (
      <>
        {titleOf(key)}
        <CloseOutlined
          className="shell-tab-close"
          aria-hidden
          data-testid="tab-close"
          onClick={(e) => {
            e.stopPropagation()
            onClose('close', key)
          }}
        />
      </>
    ) : (
      titleOf(key)
    )

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Delete') return
    const key = (e.target as HTMLElement).closest('[data-node-key]')?.getAttribute('data-node-key')
    const tab = tabs.find((x) => x.key === key)
    if (!tab || !isClosable(tab.key)) return
    e.preventDefault()
    onClose('close', tab.key)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens for Delete from the focused tab (role tab) inside it
    <div onKeyDown={onKeyDown}>
      <Tabs
        className="shell-tabs"
        data-testid="tab-strip"
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key)
          if (tab) navigate(tab.path)
        }}
        items={tabs.map((tab) => ({ key: tab.key, label: labelOf(tab.key), closable: false }))}
        renderTabBar={(props, TabBar) => (
          <TabBar {...props}>
            {(node) => (
              <Dropdown key={node.key} trigger={['contextMenu']} menu={menuFor(String(node.key))}>
                {node}
              </Dropdown>
            )}
          </TabBar>
        )}
      />
    </div>
  )
}
