import { type Dashboard, localName } from '@app/contracts'
import { theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { useDictText } from '../list/useDict.ts'

const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16']

/** Orders by month over 12 months; a bar opens the order list of that month. */
export const MonthChart = ({
  data,
  open,
}: {
  data: Dashboard['byMonth']
  open: (m: Dashboard['byMonth'][number]) => void
}) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(v) => [v, t('pages.dashboard.orders')]} />
        <Bar
          dataKey="count"
          fill={token.colorPrimary}
          cursor="pointer"
          onClick={(_, i) => {
            const m = data[i]
            if (m) open(m)
          }}
        />
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

/** Orders by branch (the ten with most), horizontal bars; a bar opens that branch's orders. */
export const BranchChart = ({ data, open }: { data: Dashboard['byBranch']; open: (branchId: string) => void }) => {
  const { t, i18n } = useTranslation()
  const rows = data.slice(0, 10).map((b) => ({ ...b, label: localName(b, i18n.language) }))
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 28 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="label" width={140} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(v) => [v, t('pages.dashboard.orders')]} />
        <Bar
          dataKey="count"
          fill={PALETTE[1]}
          cursor="pointer"
          onClick={(_, i) => {
            const b = rows[i]
            if (b) open(b.branchId)
          }}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}
