import type { ResourceMeta } from '@app/contracts'
import type { FormRule as Rule } from 'antd'
import type { ComponentType, ReactNode } from 'react'
import type { z } from 'zod'
import type { ResourceApi, ResourceRecord } from '../../api/resources.ts'
import type { SelectionRule } from './selection.ts'

/** The widgets a generated form field can take. */
export type Widget = 'input' | 'textarea' | 'number' | 'select' | 'treeSelect' | 'date' | 'datetime'

export type FormMode = 'add' | 'edit'

/** A screen's changes to one generated form field. */
export type FormFieldOverride = {
  /**
   * Left out of the form (the server sets it, or the screen does not offer it); `'add'` or
   * `'edit'` leaves it out of that form only (e.g. a password is set on add, reset otherwise).
   */
  hidden?: boolean | FormMode
  widget?: Widget
  /** `false`: shown on add, read-only once the record exists (e.g. a department's parent). */
  editable?: boolean
  /** Grid columns out of 24 (default 8, textareas 24). */
  span?: number
  /** An own widget in place of the generated one (it receives `value` and `onChange` from the form). */
  render?: (ctx: { mode: FormMode; disabled: boolean }) => ReactNode
  /** A select's options that may be chosen (a locked select shows its value whatever it is). */
  offers?: (option: { value: string; label: string }) => boolean
  /** Checks of the screen's own beside the generated ones (a rule across the record's fields). */
  rules?: Rule[]
  /** Fields whose change checks this one again (e.g. units against the product's base unit). */
  dependencies?: string[]
}

/** A screen's changes to one generated list column. */
export type ColumnOverride = {
  hidden?: boolean
  width?: number
  render?: (value: unknown, record: ResourceRecord) => ReactNode
}

/** An extra button in the toolbar, acting on the selected rows under a SPEC 5 selection rule. */
export type ToolbarAction = {
  key: string
  /** Button code; the permission key is `<menu>:<perm>`. */
  perm: string
  /** Its text, already translated. */
  label: ReactNode
  selection?: SelectionRule
  onClick: (rows: ResourceRecord[]) => void | Promise<void>
  /**
   * The click itself changes the rows (publish, withdraw): the list then says it succeeded and
   * reloads. An action that opens a dialog leaves both to the dialog.
   */
  changes?: boolean
}

/** A screen's own input for one search field (it receives `value` and `onChange` from the form). */
export type SearchFieldOverride = { render: () => ReactNode }

/** What an own viewer receives in place of the generic read-only record view. */
export type RecordViewerProps = {
  record: ResourceRecord
  open: boolean
  title: string
  onClose: () => void
  afterClose: () => void
}

/** What an own editor receives in place of the generated add/edit form. */
export type RecordEditorProps = {
  target: { mode: FormMode; id?: string }
  open: boolean
  title: string
  onClose: () => void
  afterClose: () => void
  onSaved: () => void
}

/**
 * One list screen, declared: the shared resource meta (fields, search, sort, labels, status, tree)
 * from packages/contracts, the zod input schema of its form, and what this screen does differently.
 * `ListPage` turns it into search form, table, toolbar, modals, export and import.
 */
export type ListDeclaration<F extends string = string> = {
  resource: ResourceMeta<F>
  /** The add form (edit adds id and version); required fields, widgets and checks come from it. */
  input: z.ZodObject
  /** The database table behind the resource, for the duplicate check of its unique fields. */
  table?: string
  /**
   * Initial sort (default `createAt desc`; trees `orgCode asc` or as declared). `'server'`: the
   * resource's own default order on the server (no column is sent until the user sorts), for an
   * order no single column states (the delivery list: orders still to ship first).
   */
  defaultSort?: { column: NoInfer<F>; order: 'asc' | 'desc' } | 'server'
  /** Column order (fields not named keep the meta's order after these). */
  columnOrder?: readonly NoInfer<F>[]
  columns?: Partial<Record<NoInfer<F>, ColumnOverride>>
  form?: Partial<Record<NoInfer<F>, FormFieldOverride>>
  /** Search fields with an input of the screen's own (e.g. a select of what the caller may pick). */
  search?: Partial<Record<NoInfer<F>, SearchFieldOverride>>
  /** Extra toolbar buttons. */
  toolbar?: readonly ToolbarAction[]
  /** An own editor in place of the generated form (e.g. a rich-text notice that can be published). */
  editor?: ComponentType<RecordEditorProps>
  /** An own view of one row in place of the generic one (e.g. a change shown field by field). */
  viewer?: ComponentType<RecordViewerProps>
  /** Leave out standard features the screen does not offer. */
  without?: readonly ('add' | 'edit' | 'delete' | 'batchDelete' | 'status' | 'export' | 'import' | 'history')[]
}

/** Checks the field names of a declaration against its resource (a typo is a type error). */
export const defineList = <F extends string>(declaration: ListDeclaration<F>): ListDeclaration<F> => declaration

/** What every modal over one record of a list gets from the list page (view, history, form). */
export type ListModalProps = {
  list: ListDeclaration
  api: ResourceApi
  open: boolean
  title: string
  label: (field: string) => string
  onClose: () => void
  afterClose: () => void
}
