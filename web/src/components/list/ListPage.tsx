import { App, Table } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ResourceRecord } from '../../api/resources.ts'
import { AuthButton } from '../../auth/permissions.tsx'
import { buildColumns, exportTitles, importTitles } from './columns.tsx'
import { ExportButton } from './ExportButton.tsx'
import { HistoryModal } from './HistoryModal.tsx'
import { ImportButton } from './ImportButton.tsx'
import { ListToolbar } from './ListToolbar.tsx'
import { RecordModal, type RecordTarget } from './RecordModal.tsx'
import { RecordView } from './RecordView.tsx'
import { RowActions } from './RowActions.tsx'
import { SearchForm } from './SearchForm.tsx'
import { SuperQueryModal } from './SuperQueryModal.tsx'
import { checkSelection, type SelectionRule } from './selection.ts'
import type { ListDeclaration } from './types.ts'
import { useDict } from './useDict.ts'
import { useFieldLabel, useLooseT, useResourceTitle } from './useFieldLabel.ts'
import { useListState } from './useListState.ts'
import { useShown } from './useShown.ts'

/** Runs a call whose failure the http client has already shown; the dialog just closes. */
const settle = async (call: () => Promise<unknown>) => {
  await call().catch(() => undefined)
}

/**
 * One list screen from one declaration (DESIGN 2): search form, toolbar (add, export, import, super
 * query, batch delete and status), a server-sorted, paged, selectable table, and the add / edit /
 * view / history modals. Every action is behind its button permission `<menu>:<button>`.
 */
export const ListPage = ({ list }: { list: ListDeclaration }) => {
  const { t, i18n } = useTranslation()
  const loose = useLooseT()
  const { message, modal } = App.useApp()
  const { resource } = list
  const menu = resource.menu
  const label = useFieldLabel(resource.name)
  const title = useResourceTitle(resource.name)
  const list$ = useListState(resource, list.defaultSort)
  const { api, selection } = list$
  const statuses = useDict(resource.status?.dict)
  const without = useMemo(() => new Set<string>(list.without ?? []), [list.without])
  const form = useShown<RecordTarget>()
  const view = useShown<ResourceRecord>()
  const history = useShown<string>()
  const [superQueryOpen, setSuperQueryOpen] = useState(false)
  const Editor = list.editor
  const Viewer = list.viewer

  /** SPEC 5: the action runs only when the selection suits it. */
  const withSelection = (rule: SelectionRule, run: (rows: ResourceRecord[]) => unknown) => {
    const refusal = checkSelection(rule, selection.keys.length)
    if (refusal) void message.warning(loose(refusal))
    else run(selection.rows)
  }

  const removeOne = (record: ResourceRecord) =>
    modal.confirm({
      title: t('list.confirm.delete'),
      okText: t('common.actions.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        settle(async () => {
          await api.remove(record.id)
          void message.success(t('common.messages.deleted'))
          selection.deselect([record.id])
          await list$.invalidate()
        }),
    })

  const removeSelected = () =>
    withSelection('any', (rows) =>
      modal.confirm({
        title: t('list.confirm.batchDelete', { count: rows.length }),
        okText: t('common.actions.ok'),
        okButtonProps: { danger: true },
        cancelText: t('common.actions.cancel'),
        onOk: () =>
          settle(async () => {
            await api.removeBatch(rows.map((r) => r.id))
            void message.success(t('common.messages.deleted'))
            selection.clear()
            await list$.invalidate()
          }),
      }),
    )

  const setStatus = (status: string) =>
    withSelection('any', (rows) =>
      settle(async () => {
        await api.batchStatus(
          rows.map((r) => r.id),
          status,
        )
        void message.success(t('common.messages.success'))
        selection.clear()
        await list$.invalidate()
      }),
    )

  const columns = buildColumns(list, {
    label,
    lang: i18n.language,
    sortOf: list$.sortOf,
    actionsTitle: t('common.fields.actions'),
    actions: (record) => (
      <RowActions
        menu={menu}
        record={record}
        without={without}
        onEdit={(r) => form.show({ mode: 'edit', id: r.id })}
        onView={view.show}
        onDelete={removeOne}
        onHistory={(r) => history.show(r.id)}
      />
    ),
  })

  return (
    <div data-testid={`list-page-${resource.name}`}>
      <SearchForm
        key={`search-${list$.generation}`}
        name={`search-${resource.name}`}
        fields={resource.fields}
        label={label}
        overrides={list.search}
        onSearch={list$.setSearch}
        initial={list$.urlSearch}
      />
      <ListToolbar
        menu={menu}
        without={without}
        selectedCount={selection.keys.length}
        superQueryCount={list$.params.superQuery?.conditions.length ?? 0}
        statuses={resource.status ? statuses : null}
        onAdd={() => form.show({ mode: 'add' })}
        onBatchDelete={removeSelected}
        onBatchStatus={(s) => void setStatus(s)}
        onSuperQuery={() => setSuperQueryOpen(true)}
        onClearSelection={selection.clear}
      >
        {!without.has('export') && (
          <ExportButton
            perm={`${menu}:export`}
            api={api}
            params={list$.params}
            selection={selection.keys}
            titles={() => exportTitles(list, label)}
            fileName={title}
          />
        )}
        {!without.has('import') && (
          <ImportButton
            perm={`${menu}:import`}
            api={api}
            titles={() => importTitles(list, label)}
            fileName={title}
            onImported={() => void list$.invalidate()}
          />
        )}
        {(list.toolbar ?? []).map((a) => (
          <AuthButton
            key={a.key}
            perm={`${menu}:${a.perm}`}
            onClick={() =>
              withSelection(a.selection ?? 'any', (rows) =>
                settle(async () => {
                  await a.onClick(rows)
                  if (!a.changes) return
                  void message.success(t('common.messages.success'))
                  // the action changed rows: show them as they are now
                  await list$.invalidate()
                }),
              )
            }
          >
            {a.label}
          </AuthButton>
        ))}
      </ListToolbar>
      <Table<ResourceRecord>
        {...list$.tableProps}
        columns={columns}
        size="small"
        // columns as wide as their one-line values (and never narrower than their type needs); a list
        // wider than the page scrolls sideways with its actions fixed on the right
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        data-testid="list-table"
      />
      <SuperQueryModal
        key={`super-${list$.generation}`}
        resource={resource.name}
        fields={resource.fields}
        label={label}
        open={superQueryOpen}
        active={list$.params.superQuery}
        onApply={list$.setSuperQuery}
        onClose={() => setSuperQueryOpen(false)}
      />
      {form.shown && Editor && (
        <Editor
          target={form.shown.target}
          open={form.shown.open}
          title={t(form.shown.target.mode === 'add' ? 'list.modal.add' : 'list.modal.edit', { name: title })}
          onClose={form.hide}
          afterClose={form.gone}
          onSaved={() => void list$.invalidate()}
        />
      )}
      {form.shown && !Editor && (
        <RecordModal
          list={list}
          api={api}
          target={form.shown.target}
          open={form.shown.open}
          title={t(form.shown.target.mode === 'add' ? 'list.modal.add' : 'list.modal.edit', { name: title })}
          label={label}
          onClose={form.hide}
          afterClose={form.gone}
          onSaved={() => {
            form.hide()
            void list$.invalidate()
          }}
        />
      )}
      {view.shown && Viewer && (
        <Viewer
          record={view.shown.target}
          open={view.shown.open}
          title={t('list.modal.view', { name: title })}
          onClose={view.hide}
          afterClose={view.gone}
        />
      )}
      {view.shown && !Viewer && (
        <RecordView
          list={list}
          api={api}
          id={view.shown.target.id}
          open={view.shown.open}
          title={t('list.modal.view', { name: title })}
          label={label}
          onClose={view.hide}
          afterClose={view.gone}
        />
      )}
      {history.shown && (
        <HistoryModal
          list={list}
          api={api}
          id={history.shown.target}
          open={history.shown.open}
          title={t('list.modal.history', { name: title })}
          label={label}
          onClose={history.hide}
          afterClose={history.gone}
        />
      )}
    </div>
  )
}
