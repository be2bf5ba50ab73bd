import type { PermissionNode } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { indexTree, toggleNode } from './permission-tree.ts'

const node = (id: string, children: PermissionNode[] = [], menuType = children.length ? 1 : 2): PermissionNode => ({
  id,
  parentId: null,
  code: id,
  title: id,
  menuType,
  children,
})

// home; md folder > supplier menu > add, edit buttons; country menu without buttons
const tree = [
  node('home', [], 1),
  node('md', [node('supplier', [node('add'), node('edit')]), node('country', [], 1)], 0),
]
const index = indexTree(tree)
const none = new Set<string>()
const locked = new Set(['home'])

describe('permission tree check boxes', () => {
  it('checking a button checks its menu and folder, not its siblings', () => {
    expect([...toggleNode(index, none, locked, 'add', true)].sort()).toEqual(['add', 'md', 'supplier'])
  })

  it('checking a menu checks all its buttons', () => {
    expect([...toggleNode(index, none, locked, 'supplier', true)].sort()).toEqual(['add', 'edit', 'md', 'supplier'])
  })

  it('unchecking a menu unchecks its buttons but leaves the folder and other menus', () => {
    const all = new Set(index.all)
    expect([...toggleNode(index, all, locked, 'supplier', false)].sort()).toEqual(['country', 'home', 'md'])
  })

  it('unchecking a button leaves its menu', () => {
    const granted = new Set(['md', 'supplier', 'add', 'edit'])
    expect([...toggleNode(index, granted, locked, 'add', false)].sort()).toEqual(['edit', 'md', 'supplier'])
  })

  it('never unchecks what the role must keep', () => {
    expect([...toggleNode(index, new Set(['home']), locked, 'home', false)]).toEqual(['home'])
  })

  it('knows the folders to expand', () => {
    expect(index.folders).toEqual(['md', 'supplier'])
  })
})
