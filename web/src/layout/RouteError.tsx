import { isRouteErrorResponse, useRouteError } from 'react-router'
import { Exception } from '../pages/exception/Exception.tsx'

/** A failure while routing (e.g. a view chunk that failed to load) shows the 500 page. */
export const RouteError = () => {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <Exception status={404} />
  console.warn('route error', error)
  return <Exception status={500} />
}
