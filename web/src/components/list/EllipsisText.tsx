import { Tooltip } from 'antd'
import { ELLIPSIS_LENGTH } from '../../config/constants.ts'

/** Text cut at 25 characters (SPEC 9) with the whole text in a tooltip. */
export const EllipsisText = ({ text, length = ELLIPSIS_LENGTH }: { text: string; length?: number }) => {
  const chars = Array.from(text)
  if (chars.length <= length) return <>{text}</>
  return (
    <Tooltip title={text}>
      <span>{`${chars.slice(0, length).join('')}…`}</span>
    </Tooltip>
  )
}
