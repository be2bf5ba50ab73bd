import { z } from 'zod'
import { optionalText, recordBase, text } from './fields.ts'
import { AUDIT_FIELDS, defineResource } from './resource.ts'

/**
 * Single sign-on through the group's OpenID Connect provider (issue 39): what the login page
 * learns of it, the one-time ticket that turns a finished sign-in into the product's own token,
 * and the administrator's mapping of the provider's groups to roles and departments.
 */

/** On the public settings: the button's name, and whether the password form is off. */
export const SsoSettingsSchema = z.object({ displayName: z.string(), only: z.boolean() }).nullable()
export type SsoSettings = z.infer<typeof SsoSettingsSchema>

export const SsoExchangeSchema = z.object({ ticket: z.string().min(16).max(128) })
export const SsoEndSessionSchema = z.object({ url: z.string().nullable() })
export type SsoEndSession = z.infer<typeof SsoEndSessionSchema>

// ---------------------------------------------------------------- group mapping
export const ssoGroupResource = defineResource({
  name: 'ssoGroup',
  base: '/sys/ssoGroup',
  menu: 'sys_sso_group',
  label: 'groupName',
  fields: {
    groupName: { type: 'string', search: 'like', sort: true },
    roleId: { type: 'string', ref: { resource: 'role', label: 'roleName' }, search: 'eq' },
    departId: { type: 'string', ref: { resource: 'department', label: 'departName' }, search: 'eq' },
    description: { type: 'string' },
    ...AUDIT_FIELDS,
  },
})

/** A group as the provider names it (the `groups` claim), and the role and/or department it gives. */
export const SsoGroupInputSchema = z.object({
  groupName: text(200).min(1),
  roleId: z.string().uuid().nullish(),
  departId: z.string().uuid().nullish(),
  description: optionalText(500),
})
export const SsoGroupSchema = SsoGroupInputSchema.extend({
  ...recordBase,
  roleId: z.string().nullable(),
  departId: z.string().nullable(),
  description: z.string().nullable(),
})
export type SsoGroup = z.infer<typeof SsoGroupSchema>

export const SSO_RESOURCES = [ssoGroupResource] as const
