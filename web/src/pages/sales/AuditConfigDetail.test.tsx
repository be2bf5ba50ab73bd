import type { SaleFlow } from '@app/contracts'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { App as AntApp } from 'antd'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../../api/queries.ts'
import { initI18n, setLanguage } from '../../i18n/index.ts'
import { AuditConfigDetail } from './AuditConfigDetail.tsx'

const step = (stepNo: number, allowAdjust: boolean, reviewers: SaleFlow['steps'][number]['reviewers']) => ({
  id: `s${stepNo}`,
  stepNo,
  stepName: stepNo === 1 ? '区域总裁审核' : null,
  stepNameEn: stepNo === 1 ? 'Regional president review' : null,
  deptType: 'fixed' as const,
  orgCode: 'A01',
  departName: '海外部',
  roleCode: 'region_president',
  roleName: '区域总裁',
  timeLimitHours: stepNo === 1 ? 24 : null,
  allowAdjust,
  reviewers,
})

const flow: SaleFlow = {
  id: 'f1',
  business: 'sale_order',
  name: '销售订单审核流程',
  nameEn: 'Sales order review flow',
  repeatAudit: false,
  rejectFlow: 'submitter',
  forbidSelfApproval: true,
  status: '1',
  description: null,
  version: 1,
  createAt: '2026-11-01T00:00:00Z',
  updateAt: null,
  steps: [step(1, false, [{ userId: 'u1', realname: '陈静', username: 'region_president' }]), step(2, true, [])],
}

beforeAll(async () => {
  initI18n()
  await setLanguage('zh')
})

/** The details screen, its flows answered by the server as `flow`. */
const renderDetail = () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: true, code: 200, message: 'ok', result: [flow], timestamp: 1 })),
  )
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <AuditConfigDetail />
      </AntApp>
    </QueryClientProvider>,
  )
}

describe('the review flow details', () => {
  it('shows each step with its reviewers, and the businesses without a flow in force', async () => {
    renderDetail()
    expect(await screen.findByText('陈静')).toBeTruthy()
    expect(screen.getByText('时限 24 小时')).toBeTruthy()
    expect(screen.getByText('可减少数量 / 删除行')).toBeTruthy()
    expect(screen.getByText('暂无符合条件的审核人')).toBeTruthy()
    expect(screen.getAllByText('未配置生效的审核流程')).toHaveLength(2)
    expect(screen.getByText('销售订单审核流程')).toBeTruthy()
    expect(screen.getByText('区域总裁审核')).toBeTruthy()
  })

  it('names the flow and its steps in English in the English interface', async () => {
    await setLanguage('en')
    try {
      renderDetail()
      expect(await screen.findByText('Sales order review flow')).toBeTruthy()
      expect(screen.getByText('Regional president review')).toBeTruthy()
      expect(screen.queryByText('区域总裁审核')).toBeNull()
    } finally {
      await setLanguage('zh')
    }
  })
})
