import { Form, Input, Select, TreeSelect } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { hashPassword } from '../../api/hash.ts'
import { NAME_SEARCH, TREE_NAME_SEARCH, useRefOptions } from '../../components/list/useRefOptions.ts'

type Control<T> = { id?: string; value?: T; onChange?: (value: T | undefined) => void; disabled?: boolean }

/**
 * A password box whose form value is the SHA-256 of what is typed (DESIGN 3: passwords travel
 * hashed): the text stays in the box, the hash goes to the server. With `confirms`, it marks a
 * confirmation that differs from the password it repeats.
 */
export const PasswordHashInput = ({
  id,
  value,
  onChange,
  placeholder,
  confirms,
}: Control<string> & { placeholder: string; confirms?: string }) => {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const repeated = Form.useWatch(confirms ?? '__none__', form) as string | undefined
  const [typed, setTyped] = useState('')
  useEffect(() => {
    if (value === undefined) setTyped('')
  }, [value])
  const differs = Boolean(confirms && value && repeated && value !== repeated)
  return (
    <Input.Password
      id={id}
      autoComplete="new-password"
      placeholder={placeholder}
      value={typed}
      status={differs ? 'error' : undefined}
      title={differs ? t('admin.user.passwordMismatch') : undefined}
      onChange={(e) => {
        setTyped(e.target.value)
        onChange?.(e.target.value ? hashPassword(e.target.value) : undefined)
      }}
    />
  )
}

/** Several records of a resource (its getListAll), labelled in the language shown. */
export const RefMultiSelect = ({
  id,
  value,
  onChange,
  disabled,
  resource,
  label,
  placeholder,
}: Control<string[]> & { resource: string; label: string; placeholder: string }) => {
  const { options } = useRefOptions(resource, label)
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      showSearch={NAME_SEARCH}
      options={options}
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      style={{ width: '100%' }}
    />
  )
}

/** Several departments, chosen in their tree. */
export const DepartsTreeSelect = ({
  id,
  value,
  onChange,
  disabled,
  placeholder,
}: Control<string[]> & { placeholder: string }) => {
  const { tree } = useRefOptions('department', 'departName')
  return (
    <TreeSelect
      id={id}
      multiple
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      treeDefaultExpandAll
      showSearch={TREE_NAME_SEARCH}
      treeData={tree}
      value={value ?? []}
      onChange={(v: string[]) => onChange?.(v)}
      style={{ width: '100%' }}
    />
  )
}
