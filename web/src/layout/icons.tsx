import {
  AppstoreOutlined,
  AuditOutlined,
  DatabaseOutlined,
  FileOutlined,
  HomeOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'

/** Menu icons by the names the server sends; unknown names get a plain file icon. */
const ICONS: Record<string, ReactNode> = {
  HomeOutlined: <HomeOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  AuditOutlined: <AuditOutlined />,
  SettingOutlined: <SettingOutlined />,
}

export const menuIcon = (name: string | null | undefined): ReactNode =>
  name ? (ICONS[name] ?? <FileOutlined />) : null
