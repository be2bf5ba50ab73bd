import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'

type Status = 404 | 500

/** When not even the exception page can be fetched (the server gone, a deploy replaced the files). */
const PlainException = ({ status }: { status: Status }) => {
  const { t } = useTranslation()
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      {status} {t(status === 404 ? 'pages.exception.notFound' : 'pages.exception.serverError')}
    </div>
  )
}

// the exception page (antd's Result and its pictures) is fetched only when a route fails
const Exception = lazy(() =>
  import('../pages/exception/Exception.tsx').then(
    (m) => ({ default: m.Exception }),
    () => ({ default: PlainException }),
  ),
)

/** A failure while routing (e.g. a view chunk that failed to load) shows the 500 page. */
export const RouteError = () => {
  const error = useRouteError()
  const status: Status = isRouteErrorResponse(error) && error.status === 404 ? 404 : 500
  if (status === 500) console.warn('route error', error)
  return (
    <Suspense fallback={null}>
      <Exception status={status} />
    </Suspense>
  )
}
