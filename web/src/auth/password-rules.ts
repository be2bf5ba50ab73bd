import type { FormRule } from 'antd'

/**
 * A password typed a second time: the box repeats the value of the field `of`, or says `message`
 * (each form words it as SPEC has it). Register, change password and the administrator's user form.
 */
export const repeatsRule =
  (of: string, message: string): FormRule =>
  (form) => ({
    validator: async (_, value?: string) => {
      if (value && value !== form.getFieldValue(of)) throw new Error(message)
    },
  })
