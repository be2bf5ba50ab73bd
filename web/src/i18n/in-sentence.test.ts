import { beforeEach, expect, it } from 'vitest'
import { i18n, initI18n, setLanguage } from './index.ts'

beforeEach(() => initI18n())

it('asks for a field by its label as a sentence has it, in English; Chinese as it is', async () => {
  await setLanguage('en')
  expect(i18n.t('list.validation.required', { label: 'Login account' })).toBe('Please enter the login account')
  expect(i18n.t('list.validation.requiredChoice', { label: 'Position' })).toBe('Please select the position')
  // an acronym keeps its capitals
  expect(i18n.t('list.validation.required', { label: 'ERP code' })).toBe('Please enter the ERP code')
  expect(i18n.t('list.validation.choose', { label: 'SKU' })).toBe('Please choose a valid SKU')
  // a label that begins a sentence stays as it is
  expect(i18n.t('list.validation.maxLength', { label: 'Login account', max: 64 })).toBe(
    'Login account takes at most 64 characters',
  )
  await setLanguage('zh')
  expect(i18n.t('list.validation.required', { label: '登录账号' })).toBe('请填写登录账号')
})
