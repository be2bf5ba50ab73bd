import { Typography } from 'antd'
import type { ComponentProps, KeyboardEvent, MouseEvent } from 'react'

type Props = Omit<ComponentProps<typeof Typography.Link>, 'onClick' | 'href'> & {
  onClick: (e: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => void
}

/**
 * A link-styled action that opens something in place (a dialog, a filtered list) rather than a
 * page of its own. antd's Typography.Link without an href is an `<a>` the keyboard never reaches;
 * this one is a button to the keyboard (Tab, Enter, Space) and to screen readers.
 */
export const ActionLink = ({ onClick, ...rest }: Props) => (
  <Typography.Link
    {...rest}
    role="button"
    tabIndex={0}
    onClick={onClick}
    onKeyDown={(e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return
      e.preventDefault()
      onClick(e)
    }}
  />
)
