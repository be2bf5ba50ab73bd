import { expect, it } from 'vitest'
import './zod-jitless.ts'

it('leaves zod without eval: jitless, read from the global zod keeps its settings on', async () => {
  const { config } = await import('zod')
  expect(config().jitless).toBe(true)
})
