import { Spin } from 'antd'

/** Shown while the first route's data loads (the permission list, a lazy view). */
export const PageLoading = () => (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
    <Spin size="large" />
  </div>
)
