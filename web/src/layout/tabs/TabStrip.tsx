import {
  CloseOutlined,
  ColumnWidthOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons'
import { Dropdown, type MenuProps, Tabs } from 'antd'
import type { ReactNode } from 'react'
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

/** The tab strip: click to switch, × to close, right-click for refresh and the close actions (SPEC 2). */
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

  return (
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
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') onClose('close', key)
      }}
      items={tabs.map((tab) => ({ key: tab.key, label: titleOf(tab.key), closable: isClosable(tab.key) }))}
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
  )
}
