import { PrinterOutlined } from '@ant-design/icons'
import { localName, type SaleOrderDetail } from '@app/contracts'
import { Button, Modal, Spin } from 'antd'
import dayjs from 'dayjs'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { useOrderDetail } from '../../api/sales.ts'
import { DATETIME_FORMAT, formatMeasure, formatThousands, modalWidth } from '../../config/constants.ts'
import { formatMoney } from '../../i18n/money.ts'
import { useSystemTitle } from '../../layout/useSystemTitle.ts'
import { useDictText } from '../list/useDict.ts'
import { useFieldLabel } from '../list/useFieldLabel.ts'
import { useRefOptions } from '../list/useRefOptions.ts'
import './order-print.css'
import type { OrderRef } from './useOrderActions.tsx'

/** The order as a printable sheet (A4 landscape): head, lines, totals, signature lines. */
export const OrderSheet = ({ order, printCopy }: { order: SaleOrderDetail; printCopy?: boolean }) => {
  const { t, i18n } = useTranslation()
  const label = useFieldLabel('saleOrder')
  const dictText = useDictText()
  const branches = useRefOptions('branch', 'name')
  const systemTitle = useSystemTitle()
  const certificates =
    order.certificateRequired === '1'
      ? order.certificateTypes.map((c) => dictText('certificate_type', c)).join(', ') || t('sales.sheet.yes')
      : t('sales.sheet.no')
  const head: [string, string][] = [
    [label('orderNo'), order.orderNo],
    [label('branchId'), branches.byId.get(order.branchId) ?? ''],
    [label('companyCode'), dictText('erp_account_set', order.companyCode)],
    [label('orderDate'), order.orderDate],
    [label('expectedDeliveryDate'), order.expectedDeliveryDate],
    [label('status'), dictText('order_status', order.status)],
    [label('transportMode'), dictText('transport_mode', order.transportMode)],
    [label('containerSize'), dictText('container_size', order.containerSize)],
    [label('certificateTypes'), certificates],
    [label('creatorName'), order.creatorName ?? ''],
    [label('currency'), order.currency ?? ''],
    [label('remark'), order.remark ?? ''],
  ]
  const rows: [string, string][][] = []
  for (let i = 0; i < head.length; i += 3) rows.push(head.slice(i, i + 3))

  return (
    <div className="order-sheet" data-testid={printCopy ? undefined : 'order-sheet'}>
      <h1>{t('sales.sheet.title')}</h1>
      <div className="order-sheet-sub">
        {systemTitle} · {t('sales.sheet.printedAt', { time: dayjs().format(DATETIME_FORMAT) })}
      </div>
      <table className="order-sheet-head">
        <tbody>
          {rows.map((r) => (
            <tr key={r[0]?.[0]}>{r.map(([k, v]) => [<th key={`${k}-k`}>{k}</th>, <td key={`${k}-v`}>{v}</td>])}</tr>
          ))}
        </tbody>
      </table>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{t('sales.line.productCode')}</th>
            <th>{t('sales.line.productName')}</th>
            <th>{t('sales.line.spec')}</th>
            <th>{t('sales.line.unit')}</th>
            <th className="num">{t('sales.line.quantity')}</th>
            <th className="num">{t('sales.line.price')}</th>
            <th className="num">{t('sales.line.amount')}</th>
            <th className="num">{t('sales.line.boxes')}</th>
            <th className="num">{t('sales.line.grossWeight')}</th>
            <th className="num">{t('sales.line.netWeight')}</th>
            <th className="num">{t('sales.line.volume')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id}>
              <td>{l.lineNo}</td>
              <td>{l.productCode}</td>
              <td>{localName(l, i18n.language, 'productName')}</td>
              <td>{localName(l, i18n.language, 'spec')}</td>
              <td>{dictText('product_unit', l.unit)}</td>
              <td className="num">{formatMeasure(l.quantity)}</td>
              <td className="num">{formatThousands(l.price)}</td>
              <td className="num">{formatThousands(l.amount.toFixed(2))}</td>
              <td className="num">{formatMeasure(l.boxes)}</td>
              <td className="num">{formatMeasure(l.grossWeightKg)}</td>
              <td className="num">{formatMeasure(l.netWeightKg)}</td>
              <td className="num">{formatMeasure(l.volumeM3, 4)}</td>
            </tr>
          ))}
          <tr>
            <th colSpan={7}>{t('sales.line.totals')}</th>
            <th className="num">{formatMoney(order.totalAmount, order.currency, i18n.language)}</th>
            <th className="num">{formatMeasure(order.totalBoxes)}</th>
            <th className="num">{formatMeasure(order.totalGrossWeightKg)}</th>
            <th className="num">{formatMeasure(order.totalNetWeightKg)}</th>
            <th className="num">{formatMeasure(order.totalVolumeM3, 4)}</th>
          </tr>
        </tbody>
      </table>
      <div className="order-sheet-signs">
        <span>{t('sales.sheet.preparedBy')}</span>
        <span>{t('sales.sheet.reviewedBy')}</span>
        <span>{t('sales.sheet.confirmedBy')}</span>
      </div>
    </div>
  )
}

/**
 * The order's print preview (SPEC 2 'preview'): the sheet on screen, and Print, which prints the
 * sheet alone (order-print.css hides everything else, the app shell included).
 */
export const OrderPreviewModal = ({ order, onClose }: { order: OrderRef | null; onClose: () => void }) => {
  const { t } = useTranslation()
  const id = order?.id ?? ''
  const detail = useOrderDetail(id)
  const data = order ? detail.data : undefined
  return (
    <Modal
      open={order !== null}
      title={t('sales.sheet.previewTitle', { orderNo: order?.orderNo ?? '' })}
      width={modalWidth()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="order-preview-modal"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.actions.close')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!data}
          onClick={() => window.print()}
          data-testid="order-print"
        >
          {t('sales.sheet.print')}
        </Button>,
      ]}
    >
      <Spin spinning={detail.isLoading}>
        {data && <OrderSheet order={data} />}
        {data &&
          createPortal(
            <div className="order-print-root">
              <OrderSheet order={data} printCopy />
            </div>,
            document.body,
          )}
      </Spin>
    </Modal>
  )
}
