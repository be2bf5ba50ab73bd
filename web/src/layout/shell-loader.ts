import { ALL_AREAS, requireTexts } from '../i18n/index.ts'

/** The signed-in app's chunk and every text area of the language (module and texts fetched once). */
export const loadShell = () =>
  Promise.all([import('./SignedInApp.tsx'), requireTexts(ALL_AREAS)]).then(([m]) => ({ default: m.SignedInApp }))

/**
 * Fetched while the user types on the login page (after the form shows, so not counted against
 * its budget): the shell and the home page are in by the time the password is checked.
 */
export const prefetchSignedIn = () =>
  Promise.all([loadShell(), import('../pages/dashboard/Analysis.tsx')]).catch(() => undefined)
