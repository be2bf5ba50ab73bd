import { theme } from 'antd'
import type { ReactNode } from 'react'

/**
 * A titled panel for the public pages, drawn with the theme's tokens: antd's Card brings its tabs
 * and skeleton along, more than the login page itself weighs.
 */
export const PublicCard = ({
  title,
  small = false,
  children,
  ...rest
}: {
  title: ReactNode
  small?: boolean
  children: ReactNode
  'data-testid'?: string
}) => {
  const { token } = theme.useToken()
  const padding = small ? `${token.paddingSM}px ${token.padding}px` : `${token.padding}px ${token.paddingLG}px`
  return (
    <section
      {...rest}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <div
        style={{
          padding,
          fontWeight: token.fontWeightStrong,
          fontSize: small ? token.fontSize : token.fontSizeLG,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {title}
      </div>
      <div style={{ padding: small ? padding : token.paddingLG }}>{children}</div>
    </section>
  )
}
