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

const cache = new Map<string, LazyExoticComponent<ComponentType>>()

export const hasPage = (component: string) => `./${component}.tsx` in modules

export const pageFor = (component: string): LazyExoticComponent<ComponentType> | null => {
  const load = modules[`./${component}.tsx`]
  if (!load) return null
  let page = cache.get(component)
  if (!page) {
    page = lazy(retryImport(load))
    cache.set(component, page)
  }
  return page
}
