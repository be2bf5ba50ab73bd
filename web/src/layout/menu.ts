import { flattenMenus, MENU_TREE, type MenuItem } from '@app/contracts'

/** Every entry of a menu tree, depth first. */
export const flattenMenuItems = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => [item, ...flattenMenuItems(item.children)])

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** The menu entry a path opens, if the user has it. */
export const findMenuByPath = (items: readonly MenuItem[], path: string): MenuItem | undefined => {
  const target = normalise(path)
  return flattenMenuItems(items).find((m) => m.route && m.children.length === 0 && normalise(m.url) === target)
}

/** The chain of entries from the top to the one for `path` (for breadcrumbs and open folders). */
export const menuTrail = (items: readonly MenuItem[], path: string): MenuItem[] => {
  const target = normalise(path)
  for (const item of items) {
    if (normalise(item.url) === target) return [item]
    const below = menuTrail(item.children, path)
    if (below.length > 0) return [item, ...below]
  }
  return []
}

const APP_PATHS = new Set(flattenMenus(MENU_TREE).map(({ menu }) => normalise(menu.url)))

/** A path the product knows (some role may open it), as opposed to a mistyped one. */
export const isAppPath = (path: string) => APP_PATHS.has(normalise(path))
