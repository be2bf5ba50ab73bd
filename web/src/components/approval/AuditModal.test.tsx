import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { App as AntApp } from 'antd'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../../api/queries.ts'
import { initI18n, setLanguage } from '../../i18n/index.ts'
import { AuditModal } from './AuditModal.tsx'

type Call = { path: string; body: Record<string, unknown> }

const serve = () => {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ path: new URL(url).pathname, body: JSON.parse(String(init.body ?? '{}')) })
      const result = { id: 'r1', decision: calls.at(-1)?.body.decision, outcome: 'rejected', final: true }
      return new Response(JSON.stringify({ success: true, code: 200, message: 'ok', result, timestamp: 1 }), {
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

const open = (onDecided = vi.fn(), onClose = vi.fn()) => {
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <AuditModal
          target={{ id: 'r1', objectNo: 'SO20261122-0001', stepNo: 2, version: 5 }}
          onClose={onClose}
          onDecided={onDecided}
        />
      </AntApp>
    </QueryClientProvider>,
  )
  return { onDecided, onClose }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))

beforeAll(() => {
  initI18n()
})
beforeEach(async () => {
  await setLanguage('zh')
})

describe('the audit modal', () => {
  it('will not approve without a review note', async () => {
    const calls = serve()
    open()
    expect(screen.getByText('审核：SO20261122-0001')).toBeTruthy()
    submit()
    expect(await screen.findByText('请填写审核意见')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('asks for a rejection reason and sends it with the step and version the reviewer saw', async () => {
    const calls = serve()
    const { onDecided, onClose } = open()
    fireEvent.click(screen.getByText('驳回'))
    expect(await screen.findByText('驳回原因')).toBeTruthy()
    submit()
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy()
    fireEvent.change(screen.getByPlaceholderText('请填写驳回原因'), { target: { value: '  价格有误  ' } })
    submit()
    await waitFor(() => expect(onDecided).toHaveBeenCalled())
    expect(calls.at(-1)).toEqual({
      path: '/api/audit/detail/audit',
      body: { id: 'r1', decision: 'reject', note: '价格有误', stepNo: 2, version: 5 },
    })
    expect(onClose).toHaveBeenCalled()
  })

  it("sends the decision to a business's own route when it has one", async () => {
    const calls = serve()
    const decide = vi.fn(async () => null)
    const onDecided = vi.fn()
    render(
      <QueryClientProvider client={queryClient}>
        <AntApp>
          <AuditModal
            target={{ id: 'd1', objectNo: 'SO20261122-0002' }}
            decide={decide}
            onClose={vi.fn()}
            onDecided={onDecided}
          />
        </AntApp>
      </QueryClientProvider>,
    )
    fireEvent.change(screen.getByPlaceholderText('请填写审核意见'), { target: { value: '同意删除' } })
    submit()
    await waitFor(() => expect(onDecided).toHaveBeenCalled())
    expect(decide).toHaveBeenCalledWith({
      id: 'd1',
      decision: 'approve',
      note: '同意删除',
      stepNo: undefined,
      version: undefined,
    })
    expect(calls).toHaveLength(0)
  })
})
