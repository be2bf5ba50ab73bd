import type { Dashboard } from '@app/contracts'
import { http } from './http.ts'

/** The home page's figures in the caller's data scope (GET /dashboard/analysis). */
export const dashboardApi = {
  analysis: () => http.get<Dashboard>('/dashboard/analysis'),
}

export const dashboardQuery = { queryKey: ['dashboard', 'analysis'] as const, queryFn: dashboardApi.analysis }
