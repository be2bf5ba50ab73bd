import { Errors } from '@app/contracts'
import { fileTypeFromBuffer } from 'file-type'
import { fail } from '../errors.ts'
import { extensionOf, type UploadedFile } from './upload.ts'

/** Images a user may upload (SPEC 5 'Images only'), by content. */
const IMAGES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
}

/** The image type of these bytes, read from their content (never from the client's name or header). */
export const imageTypeOf = async (bytes: Uint8Array): Promise<{ mime: string; ext: string } | undefined> => {
  const type = await fileTypeFromBuffer(bytes)
  return type && IMAGES[type.mime] ? { mime: type.mime, ext: IMAGES[type.mime]! } : undefined
}

/** Documents attached to records (an order's certificates): the images, and PDF. */
const DOCUMENTS: Record<string, string> = { ...IMAGES, 'application/pdf': 'pdf' }

/** The document type of these bytes (an image or a PDF), read from their content. */
export const documentTypeOf = async (bytes: Uint8Array): Promise<{ mime: string; ext: string } | undefined> => {
  const type = await fileTypeFromBuffer(bytes)
  return type && DOCUMENTS[type.mime] ? { mime: type.mime, ext: DOCUMENTS[type.mime]! } : undefined
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * What a spreadsheet upload really is: an Office Open XML workbook (`xlsx`, whatever its name
 * says), a legacy BIFF workbook in an OLE compound file (`legacy-xls`, which exceljs cannot read),
 * or something else.
 */
export const spreadsheetKindOf = async (bytes: Uint8Array): Promise<'xlsx' | 'legacy-xls' | undefined> => {
  const type = await fileTypeFromBuffer(bytes)
  if (type?.mime === XLSX_MIME) return 'xlsx'
  if (type?.ext === 'cfb') return 'legacy-xls'
  return undefined
}

/**
 * SPEC 5: xls or xlsx only, by name AND by content. exceljs reads Office Open XML only, so a
 * legacy BIFF workbook (Excel 97-2003) is refused with its own message asking for .xlsx; an
 * .xls whose content is OOXML (what many tools write) is read.
 */
export const assertWorkbook = async (file: UploadedFile) => {
  if (!['xls', 'xlsx'].includes(extensionOf(file.filename))) fail(Errors.FileTypeNotAllowed)
  const kind = await spreadsheetKindOf(file.buffer)
  if (kind === 'legacy-xls') fail(Errors.LegacyXlsNotSupported)
  if (kind !== 'xlsx') fail(Errors.FileTypeNotAllowed)
}
