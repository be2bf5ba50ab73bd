import { type Dashboard, localName } from '@app/contracts'
import { theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Text,
  type TextProps,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { useDictText } from '../list/useDict.ts'

const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16']

type TickProps = Pick<TextProps, 'x' | 'y' | 'textAnchor' | 'verticalAnchor' | 'fill' | 'angle'> & {
  payload?: { value: string; index: number }
}

/**
 * The links of a bar chart, by the index of a bar: a bar opens its list on a click, and its axis
 * label is a link to the same list, for the keyboard too (Tab to it, Enter) and a new tab.
 */
const useBarLinks = (hrefOf: (index: number) => string | undefined) => {
  const navigate = useNavigate()
  return {
    onBarClick: (_: unknown, index: number) => {
      const to = hrefOf(index)
      if (to) navigate(to)
    },
    tick: ({ x, y, textAnchor, verticalAnchor, fill, angle, payload }: TickProps) => {
      const href = payload ? hrefOf(payload.index) : undefined
      const text = (
        <Text {...{ x, y, textAnchor, verticalAnchor, fill, angle }} fontSize={12}>
          {payload?.value}
        </Text>
      )
      return href ? <Link to={href}>{text}</Link> : text
    },
  }
}

const Y_AXIS_WIDTH = 36
/** The width a month's label (2026-11, 12 px) takes level, with room beside it. */
const MONTH_LABEL_SPACE = 56

/** Orders by month over 12 months; a month's bar or label opens the order list of that month. */
export const MonthChart = ({
  data,
  hrefOf,
}: {
  data: Dashboard['byMonth']
  hrefOf: (m: Dashboard['byMonth'][number]) => string
}) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const links = useBarLinks((i) => (data[i] ? hrefOf(data[i]) : undefined))
  // every month keeps its label (each is a link): where they would run into each other, aslant
  const [aslant, setAslant] = useState(false)
  return (
    <ResponsiveContainer
      width="100%"
      height={260}
      onResize={(width) => setAslant(width < Y_AXIS_WIDTH + data.length * MONTH_LABEL_SPACE)}
    >
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="month"
          interval={0}
          tick={links.tick}
          {...(aslant ? { angle: -45, textAnchor: 'end', height: 56 } : {})}
        />
        <YAxis allowDecimals={false} width={Y_AXIS_WIDTH} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(v) => [v, t('pages.dashboard.orders')]} />
        <Bar dataKey="count" fill={token.colorPrimary} cursor="pointer" onClick={links.onBarClick} />
      </BarChart>
    </ResponsiveContainer>
  )
}

/** Orders by status as a ring; a slice opens the order list filtered by that status. */
export const StatusChart = ({ data, open }: { data: Dashboard['byStatus']; open: (status: number) => void }) => {
  const dictText = useDictText()
  const rows = data.map((s) => ({ ...s, name: dictText('order_status', String(s.status)) }))
  return (
    <ResponsiveContainer width="100%" height={260}>
      <PieChart>
        <Pie
          data={rows}
          dataKey="count"
          nameKey="name"
          innerRadius={55}
          outerRadius={90}
          label={({ name, value }) => `${name} ${value}`}
          cursor="pointer"
          onClick={(_, i) => {
            const s = rows[i]
            if (s) open(s.status)
          }}
        >
          {rows.map((s, i) => (
            <Cell key={s.status} fill={PALETTE[i % PALETTE.length]} />
          ))}
        </Pie>
        <Tooltip />
      </PieChart>
    </ResponsiveContainer>
  )
}

/** Orders by branch (the ten with most), horizontal bars; a branch's bar or name opens its orders. */
export const BranchChart = ({
  data,
  hrefOf,
}: {
  data: Dashboard['byBranch']
  hrefOf: (branchId: string) => string
}) => {
  const { t, i18n } = useTranslation()
  const rows = data.slice(0, 10).map((b) => ({ ...b, label: localName(b, i18n.language) }))
  const links = useBarLinks((i) => (rows[i] ? hrefOf(rows[i].branchId) : undefined))
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 28 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="label" width={140} interval={0} tick={links.tick} />
        <Tooltip formatter={(v) => [v, t('pages.dashboard.orders')]} />
        <Bar dataKey="count" fill={PALETTE[1]} cursor="pointer" onClick={links.onBarClick} />
      </BarChart>
    </ResponsiveContainer>
  )
}
