import type { BulkResult } from '@educrm/contract/list';
import { Alert, Button, Modal, Space, Table } from 'antd';
import type { Key, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../ConfirmAction';

export interface BulkAction {
  key: string;
  label: string;
  /** Permission code; the action is left out without it. */
  permission?: string;
  danger?: boolean;
  /** Ask first with this text (count = selected rows). */
  confirm?: (count: number) => ReactNode;
  /**
   * Runs on the selected ids and answers per id, as the server's bulk endpoints do. An action that
   * first asks for input in its own dialog answers null when the user cancels there (no result).
   */
  run: (ids: Key[]) => Promise<BulkResult | null>;
}

/** Per-id results of a bulk action: counts, then the ids that failed with the server's reason. */
export const BulkResultDialog = ({
  result,
  labelOf,
  onClose,
}: {
  result: (BulkResult & { action: string }) | null;
  labelOf: (id: number) => string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const failures = result?.results.filter((r) => !r.ok) ?? [];
  return (
    <Modal
      open={result !== null}
      title={result ? t('table.bulkResultTitle', { action: result.action }) : ''}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
      destroyOnHidden
    >
      {result ? (
        <>
          <Alert
            type={result.failed ? (result.succeeded ? 'warning' : 'error') : 'success'}
            showIcon
            title={t('table.bulkSummary', { succeeded: result.succeeded, failed: result.failed })}
          />
          {failures.length ? (
            <Table
              className="resource-table__bulk-failures"
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={failures}
              columns={[
                { key: 'id', title: t('table.bulkRow'), render: (_, r) => labelOf(r.id) },
                { key: 'msg', title: t('table.bulkReason'), dataIndex: 'msg' },
              ]}
            />
          ) : null}
        </>
      ) : null}
    </Modal>
  );
};

/**
 * The bulk bar above the table: how many rows are selected, the permitted bulk actions (disabled
 * without a selection) and "Clear". After an action the per-id results are shown.
 */
export const BulkActionsBar = ({
  actions,
  selected,
  onClear,
  onDone,
  labelOf,
}: {
  actions: BulkAction[];
  selected: Key[];
  onClear: () => void;
  onDone: () => void;
  labelOf: (id: number) => string;
}) => {
  const { t } = useTranslation();
  const ask = useConfirmAction();
  const [running, setRunning] = useState<string | null>(null);
  const [result, setResult] = useState<(BulkResult & { action: string }) | null>(null);

  const execute = async (action: BulkAction) => {
    setRunning(action.key);
    try {
      const outcome = await action.run(selected);
      if (!outcome) return;
      setResult({ ...outcome, action: action.label });
      onDone();
    } finally {
      setRunning(null);
    }
  };

  return (
    <Space className="resource-table__bulk" wrap>
      <span className="resource-table__selected" aria-live="polite">
        {t('table.selected', { n: selected.length })}
      </span>
      {actions.map((action) => (
        <Button
          key={action.key}
          danger={action.danger}
          disabled={selected.length === 0}
          loading={running === action.key}
          onClick={() => {
            if (!action.confirm) {
              void execute(action);
              return;
            }
            void ask({
              title: action.label,
              content: action.confirm(selected.length),
              danger: action.danger,
              onConfirm: () => execute(action),
            });
          }}
        >
          {action.label}
        </Button>
      ))}
      {selected.length ? (
        <Button type="link" onClick={onClear}>
          {t('table.clearSelection')}
        </Button>
      ) : null}
      <BulkResultDialog result={result} labelOf={labelOf} onClose={() => setResult(null)} />
    </Space>
  );
};
