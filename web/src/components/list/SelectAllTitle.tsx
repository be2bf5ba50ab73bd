import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext'
import { type ReactNode, useContext } from 'react'

/**
 * The title of a table's selection column (antd's `rowSelection.columnTitle`). A table that scrolls
 * sideways measures its columns in a hidden row (`aria-hidden`) holding a copy of each column title,
 * select-all box included: that copy is made inert, so the keyboard never lands on a box nobody
 * sees and screen readers are not told of it (axe: aria-hidden-focus).
 */
const SelectAll = ({ checkbox }: { checkbox: ReactNode }) => {
  const measuring = useContext(TableMeasureRowContext)
  return measuring ? <span inert>{checkbox}</span> : checkbox
}

export const selectAllTitle = (checkbox: ReactNode) => <SelectAll checkbox={checkbox} />
