/**
 * Shown while the first route's data loads (the permission list, the shell, a lazy view). A CSS
 * spinner (styles.css) rather than antd's Spin, which the login page would otherwise load.
 */
export const PageLoading = () => (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
    <span className="page-spinner" role="status" aria-busy="true" />
  </div>
)
