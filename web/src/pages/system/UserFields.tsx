import { PASSWORD_MIN_LENGTH } from '@app/contracts'
import type { FormRule as Rule } from 'antd'
import { Input, Select, TreeSelect } from 'antd'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { hashPassword } from '../../api/hash.ts'
import { NAME_SEARCH, TREE_NAME_SEARCH, useRefOptions } from '../../components/list/useRefOptions.ts'

type Control<T> = { id?: string; value?: T; onChange?: (value: T | undefined) => void; disabled?: boolean }

/** How many characters were typed for each hash a password box gave its form: its rule reads it (a hash has none). */
const typedLength = new Map<string, number>()

/**
 * A password box whose form value is the SHA-256 of what is typed (DESIGN 3: passwords travel
 * hashed): the text stays in the box, the hash goes to the server.
 */
export const PasswordHashInput = ({ id, value, onChange, placeholder }: Control<string> & { placeholder: string }) => {
  const [typed, setTyped] = useState('')
  useEffect(() => {
    if (value === undefined) setTyped('')
  }, [value])
  return (
    <Input.Password
      id={id}
      autoComplete="new-password"
      placeholder={placeholder}
      value={typed}
      onChange={(e) => {
        const text = e.target.value
        setTyped(text)
        if (!text) return onChange?.(undefined)
        const hash = hashPassword(text)
        if (typedLength.size > 100) typedLength.clear()
        typedLength.set(hash, text.length)
        onChange?.(hash)
      }}
    />
  )
}

/** A password of a box above is as long as registering and changing a password ask (PASSWORD_MIN_LENGTH). */
export const passwordLengthRule = (t: TFunction): Rule => ({
  validator: async (_, hash?: string) => {
    if (hash && (typedLength.get(hash) ?? PASSWORD_MIN_LENGTH) < PASSWORD_MIN_LENGTH) {
      throw new Error(t('shell.password.newRule', { min: PASSWORD_MIN_LENGTH }))
    }
  },
})

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
