import { fireEvent, render, waitFor } from '@testing-library/react'
import { Select, TreeSelect } from 'antd'
import { describe, expect, it } from 'vitest'
import { NAME_SEARCH, namedOption, TREE_NAME_SEARCH, treeOf } from './useRefOptions.ts'

const DEPARTMENTS = [
  { id: 'd1', orgCode: 'A01', departName: '集团总部', departNameEn: 'Head office', parentId: null },
  { id: 'd2', orgCode: 'A01A01', departName: '财务部', departNameEn: 'Finance', parentId: 'd1' },
  { id: 'd3', orgCode: 'A01A02', departName: '海外部', departNameEn: null, parentId: 'd1' },
]

/** The labels of the options a select lists after `text` is typed into its search. */
const listedAfterTyping = async (container: HTMLElement, text: string) => {
  const input = container.querySelector('input') as HTMLInputElement
  fireEvent.mouseDown(container.querySelector('.ant-select') as Element)
  fireEvent.change(input, { target: { value: text } })
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull())
  return [...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-treenode')]
    .map((o) => o.textContent ?? '')
    .filter((t) => t !== '')
}

describe('a select of named records', () => {
  it('shows each name in the interface language and finds it by either language, in any case', async () => {
    const options = DEPARTMENTS.map((d) => namedOption(d, 'en', 'departName'))
    expect(options.map((o) => o.label)).toEqual(['Head office', 'Finance', '海外部'])
    for (const [typed, found] of [
      ['finance', 'Finance'],
      ['财务', 'Finance'],
      ['海外', '海外部'],
    ] as const) {
      const view = render(<Select style={{ width: 200 }} options={options} showSearch={NAME_SEARCH} open />)
      expect(await listedAfterTyping(view.container, typed), typed).toEqual([found])
      view.unmount()
    }
    const none = render(<Select style={{ width: 200 }} options={options} showSearch={NAME_SEARCH} open />)
    expect(await listedAfterTyping(none.container, 'Ginsenoside')).toEqual([])
  })

  it('finds a tree node by its English name in the Chinese interface, its value an org code', async () => {
    const tree = treeOf(DEPARTMENTS, 'zh', 'departName', (d) => String(d.orgCode))
    expect(tree[0]?.children?.map((n) => [n.value, n.title])).toEqual([
      ['A01A01', '财务部'],
      ['A01A02', '海外部'],
    ])
    const view = render(
      <TreeSelect style={{ width: 200 }} treeData={tree} treeDefaultExpandAll showSearch={TREE_NAME_SEARCH} open />,
    )
    const listed = await listedAfterTyping(view.container, 'FINANCE')
    expect(listed).toContain('财务部')
    expect(listed).not.toContain('海外部')
  })
})
