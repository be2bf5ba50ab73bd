export * from './approval.ts'
export * from './masterdata.ts'
export * from './messaging.ts'
export * from './system.ts'
