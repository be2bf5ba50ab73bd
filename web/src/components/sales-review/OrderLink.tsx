import { saleOrderResource } from '@app/contracts'
import { Button, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useShown } from '../list/useShown.ts'
import { useMessageLink } from '../messaging/useMessageActions.ts'
import { OrderDetailModal } from '../sales/OrderDetail.tsx'

/** The order a request is about, opened in the order detail for those who have the order screen. */
export const OrderLink = ({ orderId, orderNo }: { orderId: string; orderNo: string }) => {
  const { t } = useTranslation()
  const link = useMessageLink()
  const order = useShown<string>()
  return (
    <span>
      <Typography.Text strong>{orderNo}</Typography.Text>
      {link.canOpen({ menuId: saleOrderResource.menu, params: null }) && (
        <Button type="link" size="small" onClick={() => order.show(orderId)} data-testid="open-order">
          {t('salesReview.order.view')}
        </Button>
      )}
      {order.shown && (
        <OrderDetailModal
          orderId={order.shown.target}
          orderNo={orderNo}
          open={order.shown.open}
          onClose={order.hide}
          afterClose={order.gone}
        />
      )}
    </span>
  )
}
