import { PlusOutlined } from '@ant-design/icons';
import type { DictStatus } from '@educrm/contract/dictionaries';
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams, ListResult } from '../../../../api/list';
import type { FilterField } from '../../../../components/ResourceTable/listState';
import {
  type ResourceColumn,
  ResourceTable,
  type ResourceTableProps,
} from '../../../../components/ResourceTable/ResourceTable';
import { type RowAction, RowActions } from '../../../../components/ResourceTable/RowActions';
import { StatusTag } from '../../../../components/StatusTag';
import { useCan } from '../../../../session/useCan';
import { isInUseRefusal } from './inUse';
import './dict.css';

/** What the three order dictionaries share. */
export interface DictEntry {
  id: number;
  code: string;
  name: string;
  status: DictStatus;
  sort: number;
  version: number;
}

export interface DictTableProps<Row extends DictEntry> {
  tableKey: string;
  title: string;
  queryKey: readonly unknown[];
  fetch: (params: ListParams) => Promise<ListResult<Row>>;
  /** The dictionary's own columns; sort, status and the actions follow. */
  columns: ResourceColumn<Row>[];
  filters?: readonly FilterField[];
  defaultSort?: string;
  /** false: one page holding every entry (small dictionaries, trees). */
  paginated?: boolean;
  /** The server's sort field of the sort column (paginated lists). */
  sortField?: string;
  /** Permission code of every write (create, edit, enable/disable, delete). */
  write: string;
  createLabel: string;
  onCreate: () => void;
  onEdit: (row: Row) => void;
  /** Saves the entry with another status (the page builds its update body from the row). */
  setStatus: (row: Row, status: DictStatus) => Promise<unknown>;
  remove: (row: Row) => Promise<unknown>;
  /** After every write: refresh the lists. */
  onChanged: () => Promise<unknown>;
  /** Actions before the common ones (e.g. "Add sub-channel"). */
  extraActions?: (row: Row) => RowAction[];
  /** More buttons after "New" (e.g. "Advance grades"). */
  toolbar?: ReactNode;
  tableProps?: ResourceTableProps<Row>['tableProps'];
}

export const dictLabel = (row: Pick<DictEntry, 'code' | 'name'>) => `${row.name} (${row.code})`;

/**
 * The list of an order dictionary (来源平台 / 订单渠道 / 年级): its columns, then sort, status and
 * the row actions every dictionary has: edit, enable / disable, and delete. A delete the server
 * refuses because the entry is in use ("已被 3 个客户引用…") shows that reason and offers to
 * disable the entry instead.
 */
export const DictTable = <Row extends DictEntry>({
  columns,
  sortField,
  write,
  createLabel,
  onCreate,
  onEdit,
  setStatus,
  remove,
  onChanged,
  extraActions,
  toolbar,
  tableProps,
  ...table
}: DictTableProps<Row>) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();

  const showRefusal = (error: unknown) => {
    modal.error({
      title: t('common.refused'),
      content: error instanceof Error && error.message ? error.message : t('http.error'),
      okText: t('common.ok'),
    });
  };

  const changeStatus = async (row: Row, status: DictStatus) => {
    await setStatus(row, status);
    void message.success(t(status === 'ENABLED' ? 'dict.enabled' : 'dict.disabled', { name: row.name }));
    await onChanged();
  };

  /** The refusal of a referenced entry, with "Disable instead" while it is enabled. */
  const offerDisable = (row: Row, reason: string) => {
    if (row.status !== 'ENABLED') {
      modal.info({
        title: t('dict.inUseTitle', { name: row.name }),
        content: (
          <>
            <p className="dict-refusal">{reason}</p>
            <p className="dict-muted">{t('dict.inUseAlreadyDisabled')}</p>
          </>
        ),
        okText: t('common.ok'),
      });
      return;
    }
    modal.confirm({
      title: t('dict.inUseTitle', { name: row.name }),
      content: (
        <>
          <p className="dict-refusal">{reason}</p>
          <p className="dict-muted">{t('dict.inUseOffer')}</p>
        </>
      ),
      okText: t('dict.disableInstead'),
      cancelText: t('common.close'),
      onOk: async () => {
        try {
          await changeStatus(row, 'DISABLED');
        } catch (error) {
          showRefusal(error);
        }
      },
    });
  };

  const actionsOf = (row: Row): RowAction[] => [
    ...(extraActions?.(row) ?? []),
    { key: 'edit', label: t('common.edit'), permission: write, onClick: () => onEdit(row) },
    {
      key: 'disable',
      label: t('dict.disable'),
      permission: write,
      hidden: row.status !== 'ENABLED',
      confirm: {
        title: t('dict.disableTitle', { name: row.name }),
        content: t('dict.disableText'),
        okText: t('dict.disable'),
        onConfirm: () => changeStatus(row, 'DISABLED'),
      },
    },
    {
      key: 'enable',
      label: t('dict.enable'),
      permission: write,
      hidden: row.status === 'ENABLED',
      onClick: () => void changeStatus(row, 'ENABLED').catch(showRefusal),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      permission: write,
      danger: true,
      confirm: {
        title: t('dict.deleteTitle', { name: row.name }),
        content: t('dict.deleteText'),
        okText: t('common.delete'),
        onConfirm: async () => {
          try {
            await remove(row);
          } catch (error) {
            if (!isInUseRefusal(error)) throw error;
            offerDisable(row, (error as Error).message);
            return;
          }
          void message.success(t('common.deleted'));
          await onChanged();
        },
      },
    },
  ];

  const allColumns: ResourceColumn<Row>[] = [
    ...columns,
    {
      key: 'sort',
      title: t('dict.sort'),
      dataIndex: 'sort',
      width: 90,
      ...(sortField ? { sortField } : {}),
    },
    {
      key: 'status',
      title: t('dict.status'),
      width: 100,
      render: (_, row) => <StatusTag value={row.status} />,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      fixed: 'right',
      permission: write,
      render: (_, row) => <RowActions label={dictLabel(row)} inline={2} actions={actionsOf(row)} />,
    },
  ];

  return (
    <ResourceTable<Row>
      {...table}
      columns={allColumns}
      rowKey={(row) => row.id}
      rowLabel={dictLabel}
      toolbar={
        can(write) || toolbar ? (
          <>
            {can(write) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
                {createLabel}
              </Button>
            ) : null}
            {toolbar}
          </>
        ) : null
      }
      tableProps={{
        scroll: { x: 'max-content' },
        ...tableProps,
        rowClassName: (row) => (row.status === 'ENABLED' ? '' : 'dict-row--disabled'),
      }}
    />
  );
};
