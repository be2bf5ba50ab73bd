import {
  BoxSpecInputSchema,
  BranchInputSchema,
  boxSpecResource,
  branchResource,
  DepartmentInputSchema,
  departmentResource,
  Errors,
  NotifyRobotInputSchema,
  notifyRobotResource,
  SupplierInputSchema,
  supplierResource,
} from '@app/contracts'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/http.ts'
import { checkValue, formSpecs, initialValues, toFormValues, toPayload } from './form-spec.ts'
import { saveFailureOf } from './save-errors.ts'

const byName = (specs: ReturnType<typeof formSpecs>) => new Map(specs.map((s) => [s.name, s]))

describe('form generated from the zod input schema and the field meta', () => {
  const supplier = byName(formSpecs(SupplierInputSchema, supplierResource))

  it('takes every input field, required where the schema demands a value', () => {
    expect([...supplier.keys()]).toEqual(Object.keys(SupplierInputSchema.shape))
    expect(supplier.get('code')).toMatchObject({ required: true, widget: 'input', maxLength: 32, minLength: 1 })
    expect(supplier.get('name')?.required).toBe(true)
    expect(supplier.get('supplierType')).toMatchObject({
      required: true,
      widget: 'select',
      options: ['raw', 'finished', 'packaging', 'oem'],
    })
    // nullish text, a nullish-or-empty email and a defaulted status are not required
    expect(supplier.get('nameEn')).toMatchObject({ required: false, nullable: true })
    expect(supplier.get('email')).toMatchObject({ required: false, nullable: true })
    expect(supplier.get('status')).toMatchObject({ required: false, defaultValue: '1', widget: 'select' })
  })

  it('picks widgets by type: reference select, text area for long text, numbers with bounds', () => {
    expect(supplier.get('countryId')?.widget).toBe('select')
    expect(supplier.get('remark')).toMatchObject({ widget: 'textarea', span: 24, maxLength: 1000 })
    expect(supplier.get('address')?.widget).toBe('input')
    const box = byName(formSpecs(BoxSpecInputSchema, boxSpecResource))
    expect(box.get('lengthCm')).toMatchObject({
      widget: 'number',
      required: true,
      min: 0,
      minExclusive: true,
      max: 100000,
    })
  })

  it('leaves out read-only fields, gives a tree its parent tree select, and applies overrides', () => {
    const dept = byName(formSpecs(DepartmentInputSchema, departmentResource, { parentId: { editable: false } }))
    expect(dept.has('orgCode')).toBe(false)
    expect(dept.get('parentId')).toMatchObject({ widget: 'treeSelect', lockedOnEdit: true, required: false })
    expect(dept.get('sortNo')).toMatchObject({ widget: 'number', integer: true, defaultValue: 0 })
    // a reference to a tree is chosen in that tree; to a flat list, in a select
    const branch = byName(formSpecs(BranchInputSchema, branchResource))
    expect(branch.get('departId')?.widget).toBe('treeSelect')
    expect(branch.get('countryId')?.widget).toBe('select')
    // a text of a format (a URL) may not be left empty: it is required; a plain optional text is not
    const robot = byName(formSpecs(NotifyRobotInputSchema, notifyRobotResource))
    expect(robot.get('webhookUrl')?.required).toBe(true)
    expect(robot.get('secret')?.required).toBe(false)
    expect(dept.get('description')?.widget).toBe('textarea')
    const hidden = byName(
      formSpecs(SupplierInputSchema, supplierResource, { remark: { hidden: true }, phone: { span: 12 } }),
    )
    expect(hidden.has('remark')).toBe(false)
    expect(hidden.get('phone')?.span).toBe(12)
  })

  it('checks a value as the server will and words the problem for the user', () => {
    const code = supplier.get('code')!
    expect(checkValue(code, '')).toEqual({ key: 'list.validation.required' })
    expect(checkValue(code, 'S 1')).toEqual({ key: 'list.validation.code' })
    expect(checkValue(code, 'x'.repeat(33))).toEqual({ key: 'list.validation.maxLength', values: { max: 32 } })
    expect(checkValue(code, 'S-01')).toBeNull()
    expect(checkValue(supplier.get('email')!, 'not-mail')).toEqual({ key: 'list.validation.email' })
    expect(checkValue(supplier.get('email')!, '')).toBeNull()
    const box = byName(formSpecs(BoxSpecInputSchema, boxSpecResource))
    expect(checkValue(box.get('grossWeightKg')!, 0)).toEqual({ key: 'list.validation.above', values: { min: 0 } })
    expect(checkValue(box.get('grossWeightKg')!, 12.5)).toBeNull()
    // a required choice left empty is asked for as a choice, a typed one as a value
    const branch = byName(formSpecs(BranchInputSchema, branchResource))
    expect(branch.get('branchType')?.widget).toBe('select')
    expect(checkValue(branch.get('branchType')!, undefined)).toEqual({ key: 'list.validation.requiredChoice' })
    expect(checkValue(branch.get('code')!, undefined)).toEqual({ key: 'list.validation.required' })
  })

  it('sends trimmed text, null for emptied nullable fields, and leaves defaults to the server', () => {
    const specs = formSpecs(SupplierInputSchema, supplierResource)
    expect(initialValues(specs)).toEqual({ status: '1' })
    const payload = toPayload(specs, { code: ' S9 ', name: '名', supplierType: 'raw', email: '', phone: undefined })
    expect(payload).toMatchObject({ code: 'S9', name: '名', supplierType: 'raw', email: null, phone: null })
    expect('status' in payload).toBe(false)
    expect(SupplierInputSchema.safeParse(payload).success).toBe(true)
  })

  it('shows a record in the form: dates as pickers, nulls as empty', () => {
    const specs = [
      ...formSpecs(SupplierInputSchema, supplierResource),
      { ...formSpecs(SupplierInputSchema, supplierResource)[0]!, name: 'due', widget: 'date' as const },
    ]
    const values = toFormValues(specs, { code: 'S1', nameEn: null, due: '2026-01-02' })
    expect(values.code).toBe('S1')
    expect('nameEn' in values).toBe(false)
    expect(dayjs.isDayjs(values.due)).toBe(true)
  })
})

describe('server refusals of a save', () => {
  const fields = ['code', 'email']
  it('puts zod issues on their fields', () => {
    const e = new ApiError(400, Errors.ParameterError.code, '参数错误', [
      { path: 'email', code: 'invalid_format', message: '无效的邮箱' },
      { path: 'code', code: 'too_big', message: '太长' },
      { path: 'unknown', code: 'x', message: '?' },
    ])
    expect(saveFailureOf(e, fields, 'fallback')).toEqual({
      kind: 'fields',
      fields: [
        { name: 'email', errors: ['无效的邮箱'] },
        { name: 'code', errors: ['太长'] },
      ],
    })
  })
  it('puts a duplicate on its field, a stale version to the reload offer, the rest in a message', () => {
    const dup = new ApiError(409, Errors.DuplicateValue.code, '该值已存在', { field: 'code', value: 'S1' })
    expect(saveFailureOf(dup, fields, 'x')).toEqual({
      kind: 'fields',
      fields: [{ name: 'code', errors: ['该值已存在'] }],
    })
    // a value not in its dictionary: on its field, or on the list a line of which holds it
    const unknown = (field: string) =>
      new ApiError(400, Errors.DictValueUnknown.code, '所选值不在字典中或已停用', { field, value: '箱' })
    expect(saveFailureOf(unknown('unit'), ['unit', 'units'], 'x')).toEqual({
      kind: 'fields',
      fields: [{ name: 'unit', errors: ['所选值不在字典中或已停用'] }],
    })
    expect(saveFailureOf(unknown('units.2.unit'), ['unit', 'units'], 'x')).toEqual({
      kind: 'fields',
      fields: [{ name: 'units', errors: ['所选值不在字典中或已停用'] }],
    })
    // saying which line
    const onLine = (line: number, message: string) => `第 ${line} 行：${message}`
    expect(saveFailureOf(unknown('units.2.unit'), ['unit', 'units'], 'x', onLine)).toEqual({
      kind: 'fields',
      fields: [{ name: 'units', errors: ['第 3 行：所选值不在字典中或已停用'] }],
    })
    expect(saveFailureOf(unknown('unit'), ['unit', 'units'], 'x', onLine)).toEqual({
      kind: 'fields',
      fields: [{ name: 'unit', errors: ['所选值不在字典中或已停用'] }],
    })
    const lineIssue = new ApiError(400, Errors.ParameterError.code, '参数错误', [
      { path: 'units.0.conversionRate', code: 'too_small', message: '太小' },
    ])
    expect(saveFailureOf(lineIssue, ['units'], 'x', onLine)).toEqual({
      kind: 'fields',
      fields: [{ name: 'units', errors: ['第 1 行：太小'] }],
    })
    expect(saveFailureOf(unknown('units.2.unit'), fields, 'x')).toEqual({
      kind: 'message',
      text: '所选值不在字典中或已停用',
    })
    expect(saveFailureOf(new ApiError(409, Errors.DataChanged.code, 'changed'), fields, 'x')).toEqual({ kind: 'stale' })
    expect(saveFailureOf(new ApiError(409, Errors.InUseCannotDelete.code, '使用中'), fields, 'x')).toEqual({
      kind: 'message',
      text: '使用中',
    })
    expect(saveFailureOf(new Error('boom'), fields, 'x')).toEqual({ kind: 'message', text: 'x' })
  })
})
