import { Errors, RoleCode } from '@app/contracts'
import type { Principal } from '../auth/principal.ts'
import type { ResourceRegistry } from '../crud/registry.ts'
import type { RegisteredResource } from '../crud/routes.ts'
import { fail, isAppError } from '../errors.ts'
import type { Attachment } from './store.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isAdministrator = (principal: Principal) => principal.roleCodes.includes(RoleCode.SysAdmin)

/** The resource a `tableDic` names: its resource name (`supplier`) or its table (`md_supplier`). */
export const ownerResource = (resources: ResourceRegistry, tableDic: string): RegisteredResource =>
  resources.get(tableDic) ?? resources.byTable(tableDic) ?? fail(Errors.ParameterError, { tableDic })

/**
 * May the caller read this record? The same rules as opening it on its screen: the screen's menu
 * permission, then the record through the resource's own read (its data scope). A record the
 * caller's scope hides answers 403 (DESIGN 3: the data scope denies it).
 */
export const assertMayReadRecord = async (
  resources: ResourceRegistry,
  principal: Principal,
  tableDic: string,
  objectId: string,
): Promise<RegisteredResource> => {
  const owner = ownerResource(resources, tableDic)
  if (!principal.permissions.has(owner.compiled.meta.menu)) fail(Errors.PermissionDenied)
  if (!UUID.test(objectId)) fail(Errors.ParameterError, { objectId })
  try {
    await owner.service.get(principal, objectId)
  } catch (e) {
    if (isAppError(e) && e.entry.code === Errors.NotFound.code) fail(Errors.PermissionDenied)
    throw e
  }
  return owner
}

/**
 * May the caller download this file? A file attached to a record follows the record; any other
 * file (an unattached upload, an import's error workbook) belongs to its uploader and to the
 * administrators.
 */
export const assertMayReadFile = async (resources: ResourceRegistry, principal: Principal, file: Attachment) => {
  if (file.tableDic && file.objectId) {
    await assertMayReadRecord(resources, principal, file.tableDic, file.objectId)
    return
  }
  if (file.createBy !== principal.userId && !isAdministrator(principal)) fail(Errors.PermissionDenied)
}

/**
 * `Content-Disposition: attachment` with the name as ASCII fallback and as RFC 5987 `filename*`,
 * so Chinese names survive; quotes, backslashes and control characters never reach the header.
 */
export const attachmentDisposition = (name: string) => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
