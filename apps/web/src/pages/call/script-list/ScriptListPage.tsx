import '../shared/call.css';
import { PlusOutlined } from '@ant-design/icons';
import { SCRIPT_CATEGORIES, SCRIPT_STATUSES, type ScriptRow } from '@educrm/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bulkScripts,
  callKeys,
  deleteScript,
  listScripts,
  SCRIPTS_EXPORT_URL,
  scriptAction,
} from '../../../api/calls';
import { startExport } from '../../../api/exports';
import { downloadBlob } from '../../../components/ResourceTable/ExportButton';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { ScriptStatusTag } from '../shared/labels';
import { ScriptForm } from './ScriptForm';
import { ScriptHistory } from './ScriptHistory';

const WRITE = 'call.script.write';
const PUBLISH = 'call.script.publish';
const EXPORT = 'call.script.export';

/** Outbound calls > Call scripts (话术, DOMAIN 7.2). */
const ScriptListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ script: ScriptRow | null } | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: callKeys.scripts });

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('call.script.keyword'),
        placeholder: t('call.script.keywordHint'),
      },
      {
        type: 'select',
        name: 'category',
        label: t('call.script.category'),
        options: SCRIPT_CATEGORIES.map((v) => ({ value: v, label: t(`call.enum.category.${v}`) })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('call.script.status'),
        options: SCRIPT_STATUSES.map((v) => ({ value: v, label: t(`call.enum.scriptStatus.${v}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<ScriptRow>[] = [
    {
      key: 'title',
      title: t('call.script.title'),
      sortField: 'title',
      render: (_, s) => (
        <>
          {s.title} <Tag>v{s.versionNo}</Tag>
          {s.keywords.length ? <div className="call-cell-sub">{s.keywords.join(' · ')}</div> : null}
        </>
      ),
    },
    {
      key: 'category',
      title: t('call.script.category'),
      render: (_, s) => t(`call.enum.category.${s.category}`),
    },
    { key: 'status', title: t('call.script.status'), render: (_, s) => <ScriptStatusTag value={s.status} /> },
    { key: 'qa', title: t('call.script.qaCount'), render: (_, s) => s.qaPairs.length },
    {
      key: 'useCount',
      title: t('call.script.useCount'),
      sortField: 'useCount',
      render: (_, s) => `${s.useCount} / ${s.viewCount}`,
    },
    {
      key: 'updatedAt',
      title: t('call.script.updatedAt'),
      sortField: 'updatedAt',
      render: (_, s) => `${parseTime(s.updatedAt, '{y}-{m}-{d} {h}:{i}')} ${s.updatedByName ?? ''}`,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, s) => (
        <RowActions
          label={s.title}
          inline={3}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              onClick: () => setEditing({ script: s }),
            },
            {
              key: 'publish',
              label: t('call.script.publish'),
              permission: PUBLISH,
              hidden: s.status !== 'DRAFT',
              onClick: () => void scriptAction(s.id, 'publish').then(refresh),
            },
            {
              key: 'offline',
              label: t('call.script.offline'),
              permission: PUBLISH,
              hidden: s.status !== 'PUBLISHED',
              confirm: {
                title: t('call.script.offlineTitle', { title: s.title }),
                onConfirm: () => scriptAction(s.id, 'offline').then(refresh),
              },
            },
            { key: 'history', label: t('call.script.history'), onClick: () => setHistory(s.id) },
            {
              key: 'copy',
              label: t('common.copy'),
              permission: WRITE,
              onClick: () => void scriptAction(s.id, 'copy').then(refresh),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              confirm: {
                title: t('call.script.deleteTitle', { title: s.title }),
                onConfirm: () => deleteScript(s.id).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="call-page" data-testid="script-list-page">
      <h1 className="visually-hidden">{t('route.callScriptList')}</h1>
      <ResourceTable<ScriptRow>
        tableKey="call.scripts"
        title={t('route.callScriptList')}
        queryKey={callKeys.scripts}
        fetch={listScripts}
        columns={columns}
        filters={filters}
        defaultSort="sort"
        rowKey={(s) => s.id}
        rowLabel={(s) => s.title}
        export={{ url: SCRIPTS_EXPORT_URL, permission: EXPORT, fileName: 'call-scripts.xlsx' }}
        toolbar={
          can(WRITE) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ script: null })}>
              {t('call.script.create')}
            </Button>
          ) : null
        }
        bulkActions={[
          {
            key: 'publish',
            label: t('call.script.publish'),
            permission: PUBLISH,
            run: async (ids) => {
              const r = await bulkScripts(ids.map(Number), 'bulk-publish');
              await refresh();
              return r;
            },
          },
          {
            key: 'offline',
            label: t('call.script.offline'),
            permission: PUBLISH,
            run: async (ids) => {
              const r = await bulkScripts(ids.map(Number), 'bulk-offline');
              await refresh();
              return r;
            },
          },
          {
            key: 'export',
            label: t('call.script.exportSelected'),
            permission: EXPORT,
            // the selected scripts only (a page at most: always a file, never a background job)
            run: async (ids) => {
              const result = await startExport(SCRIPTS_EXPORT_URL, { ids: ids.join(',') });
              if (result.kind === 'file') {
                downloadBlob(result.blob, result.fileName ?? 'call-scripts.xlsx');
                void message.success(t('table.exportDone'));
              }
              return null;
            },
          },
        ]}
      />
      {editing ? (
        <ScriptForm
          script={editing.script}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      {history != null ? <ScriptHistory scriptId={history} onClose={() => setHistory(null)} /> : null}
    </div>
  );
};

export default ScriptListPage;
