import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { retryImport } from '../layout/retry-import.ts'

/**
 * Views loaded on demand by the component path the server gives a menu (SPEC 2), e.g.
 * `masterdata/SupplierList` -> `pages/masterdata/SupplierList.tsx`.
 */
const modules = import.meta.glob<{ default: ComponentType }>([
  './**/*.tsx',
  '!./**/*.test.tsx',
  '!./registry.tsx',
  '!./exception/**',
])

const cache = new Map<string, ComponentType>()
const fetched = new Map<string, Promise<{ default: ComponentType }>>()
/** Views whose code has arrived: shown at once, without suspending for a code fetch. */
const arrived = new Map<string, ComponentType>()

export const hasPage = (component: string) => `./${component}.tsx` in modules

/** A view's code, fetched once whether it is preloaded or shown first (a failed fetch is tried again later). */
const fetchPage = (component: string, load: () => Promise<{ default: ComponentType }>) => {
  let module = fetched.get(component)
  if (!module) {
    module = retryImport(load)()
    fetched.set(component, module)
    module.then(
      (m) => arrived.set(component, m.default),
      () => fetched.delete(component),
    )
  }
  return module
}

/** Fetches a view's code before it is opened, so that its first showing waits for its data only. */
export const preloadPage = async (component: string): Promise<void> => {
  const load = modules[`./${component}.tsx`]
  if (load) await fetchPage(component, load)
}

/**
 * The view of a component path: itself when its code has arrived (preloaded), else a lazy view that
 * fetches it. The first answer is kept, so a view shown in a tab stays the same component.
 */
export const pageFor = (component: string): ComponentType | LazyExoticComponent<ComponentType> | null => {
  const load = modules[`./${component}.tsx`]
  if (!load) return null
  let page = cache.get(component)
  if (!page) {
    page = arrived.get(component) ?? lazy(() => fetchPage(component, load))
    cache.set(component, page)
  }
  return page
}
