import { ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@educrm/contract/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Space, Table, type TableColumnType, type TableProps, Tooltip } from 'antd';
import { type Key, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListParams, ListResult } from '../../api/list';
import { useCan } from '../../session/useCan';
import { useUserStore } from '../../stores/user';
import { type BulkAction, BulkActionsBar } from './BulkActions';
import {
  arrangeColumns,
  EMPTY_PREFS,
  loadPrefs,
  moveColumn,
  prefsKey,
  savePrefs,
  setColumnVisible,
  type TablePrefs,
} from './columnSettings';
import { ExportButton } from './ExportButton';
import {
  apiParamsOf,
  type FilterField,
  filterParamsOf,
  type ListDefaults,
  type ListState,
  PAGE_SIZES,
  readListState,
  sortFor,
  sortOrderOf,
  totalLabel,
  writeListState,
} from './listState';
import { SearchForm } from './SearchForm';
import { ColumnSettings, DensityPicker } from './TableSettings';
import './resourceTable.css';

/** The actions column's width, set on the table's panel (see the layout effect below). */
const ACTIONS_WIDTH = '--resource-table-actions-width';

export interface ResourceColumn<Row>
  extends Omit<TableColumnType<Row>, 'key' | 'title' | 'sorter' | 'sortOrder'> {
  key: string;
  title: string;
  /** The server's sort field: makes the column sortable (server side). */
  sortField?: string;
  /** Shown only with this permission code (e.g. an actions column). */
  permission?: string;
  /** Not in the column settings: always shown, always last, sticky at the right edge (actions). */
  locked?: boolean;
  /** A secondary column: hidden until the user shows it in the column settings (remembered). */
  defaultHidden?: boolean;
}

export interface ResourceTableProps<Row extends object> {
  /** Names the column settings in localStorage (per user): e.g. "system.admin-users". */
  tableKey: string;
  /** React Query key of the resource; the list query adds its parameters. Invalidate it after writes. */
  queryKey: readonly unknown[];
  fetch: (params: ListParams) => Promise<ListResult<Row>>;
  columns: ResourceColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** How a row is named in bulk results and action labels. */
  rowLabel: (row: Row) => string;
  filters?: readonly FilterField[];
  defaultSort?: string;
  defaultPageSize?: number;
  /** false: one page holding everything (small lists, trees). */
  paginated?: boolean;
  /** Buttons at the left of the toolbar (e.g. "New"). */
  toolbar?: ReactNode;
  /** A line under the toolbar about the whole filter (e.g. its totals), given the list's filters. */
  summary?: (filters: Record<string, string | number>) => ReactNode;
  bulkActions?: BulkAction[];
  export?: { url: string; permission?: string; fileName?: string; label?: string };
  /** Accessible name of the table. */
  title: string;
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'onChange'>;
}

/**
 * A list page's table: a search form, server-side sort and pagination, all kept in the page's URL
 * (a refreshed tab or a shared link shows the same list), column settings and density per user,
 * row selection with bulk actions, export (streamed file or background job), and loading, empty
 * and error states. Data through React Query (30 s stale time; invalidate `queryKey` after writes).
 */
export const ResourceTable = <Row extends object>({
  tableKey,
  queryKey,
  fetch,
  columns,
  rowKey,
  rowLabel,
  filters = [],
  defaultSort = '',
  defaultPageSize = DEFAULT_PAGE_SIZE,
  paginated = true,
  toolbar,
  summary,
  bulkActions = [],
  export: exportAction,
  title,
  tableProps,
}: ResourceTableProps<Row>) => {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const userId = useUserStore((s) => s.adminId);
  // The page's own (pinned) location: a hidden tab never reads another tab's URL.
  const [search, setSearch] = useSearchParams();

  const sortable = useMemo(() => columns.flatMap((c) => (c.sortField ? [c.sortField] : [])), [columns]);
  const defaults = useMemo<ListDefaults>(
    () => ({ pageSize: defaultPageSize, sort: defaultSort, sortable }),
    [defaultPageSize, defaultSort, sortable],
  );
  const state = useMemo(() => readListState(search, filters, defaults), [search, filters, defaults]);
  const params = useMemo(() => {
    const all = apiParamsOf(state, filters, defaults);
    if (paginated) return all;
    const { page: _page, pageSize: _size, ...rest } = all;
    return rest;
  }, [state, filters, defaults, paginated]);

  const filterParams = useMemo(() => filterParamsOf(state, filters), [state, filters]);

  const setState = (next: Partial<ListState>) => {
    const merged = { ...state, ...next };
    setSearch(writeListState(merged, filters, defaults, search), { replace: true });
  };

  const query = useQuery({
    queryKey: [...queryKey, 'list', params],
    queryFn: () => fetch(params),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = query.data;

  // Past the last page (rows deleted elsewhere): go to the last page that has rows.
  useEffect(() => {
    if (!paginated || !data || data.items.length > 0 || state.page <= 1 || data.total === 0) return;
    const last = Math.max(1, Math.ceil(data.total / state.pageSize));
    if (last < state.page)
      setSearch(writeListState({ ...state, page: last }, filters, defaults, search), { replace: true });
  });

  // ---- column settings and density (per user, localStorage) ----
  const storageKey = prefsKey(userId, tableKey);
  const [prefs, setPrefs] = useState<TablePrefs>(() =>
    typeof localStorage === 'undefined' ? EMPTY_PREFS : loadPrefs(localStorage, storageKey),
  );
  useEffect(() => {
    setPrefs(loadPrefs(localStorage, storageKey));
  }, [storageKey]);

  // ---- the actions column: as wide as the widest row's actions in this language ----
  // (A list with an ellipsis column is laid out `fixed`, where a cell never grows to its content.)
  // The width goes to a CSS variable on the panel, not to React state: a state change re-rendered
  // the whole table, every row, once more before the rows' first paint.
  // Measured when what it depends on changed, and not before the first rows arrive: each read of
  // a width is a layout of the whole page in the middle of a commit.
  const panelRef = useRef<HTMLDivElement>(null);
  const measuredFor = useRef<unknown[]>([]);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const inputs = [data, i18n.language, prefs];
    if (!panel || !data || inputs.every((x, i) => x === measuredFor.current[i])) return;
    measuredFor.current = inputs;
    const parts = panel.querySelectorAll<HTMLElement>(
      'td.resource-table__actions .row-actions, th.resource-table__actions > *',
    );
    const widest = Math.max(0, ...Array.from(parts, (el) => el.scrollWidth));
    // Nothing laid out (no actions, or a hidden tab's page): measured again after the next commit.
    if (widest === 0) {
      measuredFor.current = [];
      return;
    }
    const want = `${Math.ceil(widest) + 34}px`;
    if (panel.style.getPropertyValue(ACTIONS_WIDTH) !== want) panel.style.setProperty(ACTIONS_WIDTH, want);
  });

  const updatePrefs = (next: TablePrefs) => {
    setPrefs(next);
    savePrefs(localStorage, storageKey, next);
  };

  const permittedColumns = columns.filter((c) => can(c.permission));
  const configurable = permittedColumns.filter((c) => !c.locked);
  const declaredKeys = configurable.map((c) => c.key);
  const defaultHidden = configurable.filter((c) => c.defaultHidden).map((c) => c.key);
  const arranged = arrangeColumns(declaredKeys, prefs, defaultHidden);
  const byKey = new Map(permittedColumns.map((c) => [c.key, c]));
  const tableColumns: TableColumnType<Row>[] = [
    ...arranged
      .filter((c) => c.visible)
      .flatMap((c) => {
        const column = byKey.get(c.key);
        return column ? [column] : [];
      }),
    ...permittedColumns.filter((c) => c.locked),
  ].map(({ sortField, permission: _p, locked, defaultHidden: _d, ...column }) => ({
    ...column,
    // The locked (actions) column sticks to the right edge, as wide as its actions in this language.
    ...(locked
      ? { fixed: undefined, className: 'resource-table__actions', width: `var(${ACTIONS_WIDTH})` }
      : {}),
    ...(sortField
      ? {
          sorter: true,
          sortOrder: sortOrderOf(state.sort || defaultSort, sortField),
          // No "unsorted" step: the list always has an order (the default when none is chosen).
          sortDirections: ['ascend', 'descend', 'ascend'] as ('ascend' | 'descend')[],
          showSorterTooltip: false,
        }
      : {}),
  }));

  // ---- selection and bulk actions ----
  const permittedBulk = bulkActions.filter((a) => can(a.permission));
  const [selected, setSelected] = useState<Key[]>([]);
  const selectionScope = JSON.stringify(params);
  // A new page or filter starts a new selection.
  useEffect(() => {
    if (selectionScope) setSelected([]);
  }, [selectionScope]);
  const labels = new Map((data?.items ?? []).map((row) => [rowKey(row), rowLabel(row)]));

  const total = data?.total ?? 0;
  const totalCount = totalLabel(total, data?.totalExact);
  const totalText = t(totalCount.key, totalCount.params);

  const errorState = query.isError && !data;
  const emptyText = errorState ? (
    <Result
      status="warning"
      title={t('table.errorTitle')}
      subTitle={query.error instanceof Error ? query.error.message : ''}
      extra={
        <Button type="primary" onClick={() => void query.refetch()}>
          {t('table.retry')}
        </Button>
      }
    />
  ) : query.isFetching ? (
    // Loading with no rows yet: the spinner alone, not "no data" beneath it.
    <div className="resource-table__loading" />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />
  );

  return (
    <div className="resource-table" data-table={tableKey}>
      {filters.length ? (
        <SearchForm
          fields={filters}
          filters={state.filters}
          onSearch={(f) => setState({ filters: f, page: 1 })}
        />
      ) : null}
      <div className="resource-table__panel" ref={panelRef}>
        <div className="resource-table__toolbar">
          <Space wrap>
            {toolbar}
            {permittedBulk.length ? (
              <BulkActionsBar
                actions={permittedBulk}
                selected={selected}
                onClear={() => setSelected([])}
                onDone={() => setSelected([])}
                labelOf={(id) => labels.get(id) ?? `#${id}`}
              />
            ) : null}
          </Space>
          <Space wrap>
            {exportAction && can(exportAction.permission) ? (
              <ExportButton
                url={exportAction.url}
                params={filterParams}
                fallbackName={exportAction.fileName}
                label={exportAction.label}
              />
            ) : null}
            <Tooltip title={t('table.refresh')}>
              <Button
                icon={<ReloadOutlined spin={query.isFetching} />}
                aria-label={t('table.refresh')}
                onClick={() => void query.refetch()}
              />
            </Tooltip>
            <DensityPicker value={prefs.density} onChange={(density) => updatePrefs({ ...prefs, density })} />
            <ColumnSettings
              columns={arranged.map((c) => ({ ...c, title: byKey.get(c.key)?.title ?? c.key }))}
              onToggle={(key, visible) =>
                updatePrefs(setColumnVisible(declaredKeys, prefs, defaultHidden, key, visible))
              }
              onMove={(key, delta) =>
                updatePrefs({
                  ...prefs,
                  order: moveColumn(
                    arranged.map((c) => c.key),
                    key,
                    delta,
                  ),
                })
              }
              onReset={() => updatePrefs({ ...EMPTY_PREFS, density: prefs.density })}
            />
          </Space>
        </div>
        {summary ? <div className="resource-table__summary">{summary(filterParams)}</div> : null}
        {query.isError && data ? (
          <Result
            className="resource-table__stale"
            status="warning"
            subTitle={t('table.staleData')}
            extra={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('table.retry')}
              </Button>
            }
          />
        ) : null}
        <Table<Row>
          {...tableProps}
          aria-label={title}
          size={prefs.density ?? undefined}
          columns={tableColumns}
          dataSource={data?.items ?? []}
          rowKey={rowKey}
          loading={query.isFetching}
          locale={{ emptyText }}
          rowSelection={
            permittedBulk.length
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys),
                  getCheckboxProps: (row) => ({ 'aria-label': rowLabel(row) }) as never,
                }
              : undefined
          }
          pagination={
            paginated
              ? {
                  current: state.page,
                  pageSize: state.pageSize,
                  total,
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZES,
                  showTotal: () => <span data-testid="table-total">{totalText}</span>,
                }
              : false
          }
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              const column = permittedColumns.find((c) => c.key === one?.columnKey);
              setState({ sort: sortFor(column?.sortField, one?.order), page: 1 });
            } else if (extra.action === 'paginate') {
              const pageSize = pagination.pageSize ?? state.pageSize;
              setState({ page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1, pageSize });
            }
          }}
        />
        {!paginated && data ? (
          <div className="resource-table__footer" data-testid="table-total">
            {totalText}
          </div>
        ) : null}
      </div>
    </div>
  );
};
