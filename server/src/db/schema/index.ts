export * from './masterdata.ts'
export * from './system.ts'
