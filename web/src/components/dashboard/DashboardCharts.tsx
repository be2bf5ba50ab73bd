import { type Dashboard, localName } from '@app/contracts'
import { Flex, theme } from 'antd'
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
import { monthLabels } from '../../i18n/intl.ts'
import { useReducedMotion } from '../../layout/reduced-motion.ts'
import { useDictText } from '../list/useDict.ts'

const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16']

type TickProps = Pick<TextProps, 'x' | 'y' | 'textAnchor' | 'verticalAnchor' | 'fill' | 'angle'> & {
  payload?: { value: string; index: number }
}

/** The height of a line of an axis label (12 px text). */
const LINE_HEIGHT = 15

/**
 * The links of a bar chart, by the index of a bar: a bar opens its list on a click, and its axis
 * label is a link to the same list, for the keyboard too (Tab to it, Enter) and a new tab. A label
 * is its value unless `linesOf` gives the lines it is written in.
 */
const useBarLinks = (hrefOf: (index: number) => string | undefined, linesOf?: (index: number) => string[]) => {
  const navigate = useNavigate()
  return {
    onBarClick: (_: unknown, index: number) => {
      const to = hrefOf(index)
      if (to) navigate(to)
    },
    tick: ({ x, y, textAnchor, verticalAnchor, fill, angle, payload }: TickProps) => {
      const href = payload ? hrefOf(payload.index) : undefined
      const lines = (payload && linesOf?.(payload.index)) ?? [payload?.value ?? '']
      const text = (
        <g>
          {lines.map((line, i) => (
            <Text
              key={line}
              {...{ x, textAnchor, verticalAnchor, fill, angle }}
              y={Number(y ?? 0) + i * LINE_HEIGHT}
              fontSize={12}
            >
              {line}
            </Text>
          ))}
        </g>
      )
      return href ? <Link to={href}>{text}</Link> : text
    },
  }
}

const Y_AXIS_WIDTH = 36
const MONTH_MARGIN = { top: 8, right: 8, left: 0, bottom: 0 }
/** The least room beside a level label, so that two read as two. */
const LABEL_GAP = 8

let canvas: CanvasRenderingContext2D | null | undefined
/** How wide a text is drawn in this font (about 7 px a character where no canvas measures). */
const textWidth = (text: string, font: string) => {
  if (canvas === undefined) canvas = document.createElement('canvas').getContext('2d')
  if (!canvas) return text.length * 7
  canvas.font = font
  return canvas.measureText(text).width
}

/**
 * Orders by month over 12 months; a month's bar or label opens the order list of that month. Each
 * month keeps its label (each is a link): level, the month with the year below where it starts,
 * while every label fits its bar's width; else aslant, month and year on one line.
 */
export const MonthChart = ({
  data,
  hrefOf,
}: {
  data: Dashboard['byMonth']
  hrefOf: (m: Dashboard['byMonth'][number]) => string
}) => {
  const { t, i18n } = useTranslation()
  const { token } = theme.useToken()
  const reducedMotion = useReducedMotion()
  const labels = monthLabels(
    data.map((m) => m.month),
    i18n.language,
  )
  const [width, setWidth] = useState(0)
  const font = `12px ${token.fontFamily}`
  const levelWidth = Math.max(0, ...labels.flatMap((l) => [l.month, l.year ?? ''].map((s) => textWidth(s, font))))
  const slot = (width - Y_AXIS_WIDTH - MONTH_MARGIN.left - MONTH_MARGIN.right) / Math.max(1, data.length)
  const aslant = width > 0 && levelWidth + LABEL_GAP > slot
  const aslantWidth = Math.max(0, ...labels.map((l) => textWidth(l.line, font)))
  const links = useBarLinks(
    (i) => (data[i] ? hrefOf(data[i]) : undefined),
    (i) => {
      const l = labels[i]
      if (!l) return []
      if (aslant) return [l.line]
      return l.year ? [l.month, l.year] : [l.month]
    },
  )
  return (
    <ResponsiveContainer width="100%" height={260} onResize={(w) => setWidth(w)}>
      <BarChart data={data} margin={MONTH_MARGIN}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="month"
          interval={0}
          tick={links.tick}
          {...(aslant
            ? { angle: -45, textAnchor: 'end', height: Math.ceil(aslantWidth * Math.SQRT1_2) + LINE_HEIGHT }
            : { height: 2 * LINE_HEIGHT + 10 })}
        />
        <YAxis allowDecimals={false} width={Y_AXIS_WIDTH} tick={{ fontSize: 12 }} />
        <Tooltip
          labelFormatter={(month) => labels[data.findIndex((m) => m.month === month)]?.full ?? String(month)}
          formatter={(v) => [v, t('pages.dashboard.orders')]}
        />
        <Bar
          dataKey="count"
          fill={token.colorPrimary}
          cursor="pointer"
          onClick={links.onBarClick}
          isAnimationActive={!reducedMotion}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}

/**
 * Orders by status as a ring, each slice with its count, and below it each status in its slice's
 * colour with its name and count, a link to the order list filtered by it (a slice opens it too).
 */
export const StatusChart = ({ data, hrefOf }: { data: Dashboard['byStatus']; hrefOf: (status: number) => string }) => {
  const dictText = useDictText()
  const navigate = useNavigate()
  const reducedMotion = useReducedMotion()
  const rows = data.map((s, i) => ({
    ...s,
    name: dictText('order_status', String(s.status)),
    color: PALETTE[i % PALETTE.length],
  }))
  return (
    <>
      <ResponsiveContainer width="100%" height={260}>
        <PieChart>
          <Pie
            data={rows}
            dataKey="count"
            nameKey="name"
            innerRadius={55}
            outerRadius={90}
            label={({ value }) => value}
            isAnimationActive={!reducedMotion}
            cursor="pointer"
            onClick={(_, i) => {
              const s = rows[i]
              if (s) navigate(hrefOf(s.status))
            }}
          >
            {rows.map((s) => (
              <Cell key={s.status} fill={s.color} />
            ))}
          </Pie>
          <Tooltip />
        </PieChart>
      </ResponsiveContainer>
      <Flex wrap gap="4px 16px">
        {rows.map((s) => (
          <Link key={s.status} to={hrefOf(s.status)} data-testid={`dashboard-status-${s.status}`}>
            <Flex align="center" gap={6} style={{ whiteSpace: 'nowrap' }}>
              <span aria-hidden style={{ width: 10, height: 10, borderRadius: '50%', background: s.color }} />
              {s.name} {s.count}
            </Flex>
          </Link>
        ))}
      </Flex>
    </>
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
  const reducedMotion = useReducedMotion()
  const rows = data.slice(0, 10).map((b) => ({ ...b, label: localName(b, i18n.language) }))
  const links = useBarLinks((i) => (rows[i] ? hrefOf(rows[i].branchId) : undefined))
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 28 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="label" width={140} interval={0} tick={links.tick} />
        <Tooltip formatter={(v) => [v, t('pages.dashboard.orders')]} />
        <Bar
          dataKey="count"
          fill={PALETTE[1]}
          cursor="pointer"
          onClick={links.onBarClick}
          isAnimationActive={!reducedMotion}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}
