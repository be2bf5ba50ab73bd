import { redirect } from 'react-router'
import { LOGIN_PATH } from '../config/constants.ts'

/** To the login page, which comes back to the path asked for after signing in. */
export const loginRedirect = (request: Request) => {
  const url = new URL(request.url)
  return redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`)
}
