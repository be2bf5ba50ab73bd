import { deriveCurrentStepIndex } from '@app/contracts'
import { describe, expect, it } from 'vitest'

const steps = (...audited: number[]) => audited.map((isAudit) => ({ isAudit }))

describe('review progress from the list of steps (SPEC 4)', () => {
  it('shows the first step when none is audited', () => {
    expect(deriveCurrentStepIndex(steps(0, 0, 0), false)).toBe(0)
  })

  it('shows the first unaudited step while the review goes on', () => {
    expect(deriveCurrentStepIndex(steps(1, 0, 0), false)).toBe(1)
    expect(deriveCurrentStepIndex(steps(1, 1, 0), false)).toBe(2)
  })

  it('shows the last step when all are audited, rejected or not', () => {
    expect(deriveCurrentStepIndex(steps(1, 1, 1), false)).toBe(2)
    expect(deriveCurrentStepIndex(steps(1, 1, 1), true)).toBe(2)
  })

  it('shows the step before the first unaudited one when the object is rejected (100804)', () => {
    expect(deriveCurrentStepIndex(steps(1, 1, 0), true)).toBe(1)
    expect(deriveCurrentStepIndex(steps(1, 0, 0), true)).toBe(0)
  })

  it('copes with a flow without steps', () => {
    expect(deriveCurrentStepIndex([], true)).toBe(0)
  })
})
