import '../shared/wecom.css';
import { PlusOutlined } from '@ant-design/icons';
import {
  WECOM_APP_KINDS,
  WECOM_APP_STATUSES,
  type WecomAppRow,
  type WecomTestResult,
} from '@educrm/contract/wecom';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteApp, listApps, setAppEnabled, syncApp, testApp, wecomKeys } from '../../../api/wecom';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { AppStatusTag, RunStatusTag } from '../shared/labels';
import { AppDrawer } from './AppDrawer';
import { AppForm } from './AppForm';
import { RotateDialog } from './RotateDialog';

const WRITE = 'wecom.app.write';
const SYNC = 'wecom.sync';

/** Enterprise WeChat > Apps (应用, DOMAIN 9.1 and 9.6). */
const AppListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ app: WecomAppRow | null } | null>(null);
  const [rotating, setRotating] = useState<WecomAppRow | null>(null);
  const [shown, setShown] = useState<{ app: WecomAppRow; tab: 'settings' | 'runs' } | null>(null);
  const [tested, setTested] = useState<Record<number, WecomTestResult>>({});
  const refresh = () => qc.invalidateQueries({ queryKey: wecomKeys.apps });

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('wecom.keyword'), placeholder: t('wecom.app.keywordHint') },
      {
        type: 'select',
        name: 'kind',
        label: t('wecom.app.kind'),
        options: WECOM_APP_KINDS.map((v) => ({ value: v, label: t(`wecom.enum.kind.${v}`) })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('wecom.app.status'),
        options: WECOM_APP_STATUSES.map((v) => ({ value: v, label: t(`wecom.enum.appStatus.${v}`) })),
      },
    ],
    [t],
  );

  const failed = (e: unknown) => {
    modal.error({
      title: t('common.refused'),
      content: e instanceof Error ? e.message : String(e),
      okText: t('common.ok'),
    });
  };

  const runTest = async (a: WecomAppRow) => {
    const hide = message.loading(t('wecom.app.testing'), 0);
    try {
      const result = await testApp(a.id);
      setTested((m) => ({ ...m, [a.id]: result }));
      void refresh();
      const fresh = { ...a, visibleRange: result.visibleRange ?? a.visibleRange };
      setShown({ app: fresh, tab: 'settings' });
    } catch (e) {
      failed(e);
    } finally {
      hide();
    }
  };

  // The job log follows the run (this one, or the corp's running one it joined) until it ends.
  const runSync = async (a: WecomAppRow) => {
    try {
      const run = await syncApp(a.id);
      if (run.joined) message.info(t('wecom.app.syncJoined'));
      else message.success(t('wecom.app.syncStarted'));
      void qc.invalidateQueries({ queryKey: wecomKeys.runs(a.id) });
      void refresh();
      setShown({ app: a, tab: 'runs' });
    } catch (e) {
      failed(e);
    }
  };

  const columns: ResourceColumn<WecomAppRow>[] = [
    {
      key: 'name',
      title: t('wecom.app.name'),
      sortField: 'name',
      render: (_, a) => (
        <>
          <Button
            type="link"
            size="small"
            className="wecom-name-link"
            onClick={() => setShown({ app: a, tab: 'settings' })}
          >
            {a.name}
          </Button>
          <span className="wecom-cell-sub">{a.corpId}</span>
        </>
      ),
    },
    {
      key: 'kind',
      title: t('wecom.app.kind'),
      render: (_, a) => (
        <>
          {t(`wecom.enum.kind.${a.kind}`)}
          <span className="wecom-cell-sub">{t(`wecom.enum.mode.${a.mode}`)}</span>
        </>
      ),
    },
    { key: 'agentId', title: t('wecom.app.agentId'), render: (_, a) => a.agentId ?? '-' },
    {
      key: 'secret',
      title: t('wecom.app.secret'),
      render: (_, a) => (a.secretHint.set ? `•••• ${a.secretHint.last4 ?? ''}` : '-'),
    },
    { key: 'status', title: t('wecom.app.status'), render: (_, a) => <AppStatusTag value={a.status} /> },
    {
      key: 'lastVerifiedAt',
      title: t('wecom.app.lastVerified'),
      render: (_, a) => (
        <span className="wecom-nowrap">
          {a.lastVerifiedAt ? parseTime(a.lastVerifiedAt, '{y}-{m}-{d} {h}:{i}') : '-'}
        </span>
      ),
    },
    {
      key: 'lastSync',
      title: t('wecom.app.lastSync'),
      render: (_, a) =>
        a.lastSync ? (
          <>
            <RunStatusTag value={a.lastSync.status} />
            <span className="wecom-cell-sub">
              {parseTime(a.lastSync.finishedAt ?? a.lastSync.createdAt, '{y}-{m}-{d} {h}:{i}')}
            </span>
          </>
        ) : (
          <span className="wecom-sub">{t('wecom.app.neverSynced')}</span>
        ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, a) => (
        <RowActions
          label={a.name}
          inline={2}
          actions={[
            { key: 'test', label: t('wecom.app.test'), permission: WRITE, onClick: () => void runTest(a) },
            {
              key: 'sync',
              label: t('wecom.app.sync'),
              permission: can(WRITE) ? WRITE : SYNC,
              hidden: a.status !== 'ENABLED',
              onClick: () => void runSync(a),
            },
            { key: 'log', label: t('wecom.app.jobLog'), onClick: () => setShown({ app: a, tab: 'runs' }) },
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              onClick: () => setEditing({ app: a }),
            },
            { key: 'rotate', label: t('wecom.app.rotate'), permission: WRITE, onClick: () => setRotating(a) },
            {
              key: 'disable',
              label: t('wecom.app.disable'),
              permission: WRITE,
              hidden: a.status === 'DISABLED',
              confirm: {
                title: t('wecom.app.disableTitle', { name: a.name }),
                content: t('wecom.app.disableText'),
                onConfirm: () => setAppEnabled(a.id, false, a.version).then(refresh),
              },
            },
            {
              key: 'enable',
              label: t('wecom.app.enable'),
              permission: WRITE,
              hidden: a.status !== 'DISABLED',
              onClick: () => void setAppEnabled(a.id, true, a.version).then(refresh, failed),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              confirm: {
                title: t('wecom.app.deleteTitle', { name: a.name }),
                content: t('wecom.app.deleteText'),
                onConfirm: () => deleteApp(a.id, a.version).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="wecom-page" data-testid="wecom-app-list-page">
      <h1 className="visually-hidden">{t('route.wecomAppList')}</h1>
      <ResourceTable<WecomAppRow>
        tableKey="wecom.apps"
        title={t('route.wecomAppList')}
        queryKey={wecomKeys.apps}
        fetch={listApps}
        columns={columns}
        filters={filters}
        rowKey={(a) => a.id}
        rowLabel={(a) => a.name}
        defaultSort="id"
        tableProps={{ scroll: { x: 'max-content' } }}
        toolbar={
          can(WRITE) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ app: null })}>
              {t('wecom.app.create')}
            </Button>
          ) : null
        }
      />
      {editing ? (
        <AppForm
          app={editing.app}
          onClosed={() => setEditing(null)}
          onSaved={(row) => {
            void refresh();
            if (!editing.app) setShown({ app: row, tab: 'settings' });
          }}
        />
      ) : null}
      {rotating ? (
        <RotateDialog
          app={rotating}
          onClose={() => setRotating(null)}
          onDone={(row) => {
            setRotating(null);
            message.success(t('wecom.app.rotated'));
            void refresh();
            setShown({ app: row, tab: 'settings' });
          }}
        />
      ) : null}
      <AppDrawer
        app={shown?.app ?? null}
        tab={shown?.tab}
        test={shown ? (tested[shown.app.id] ?? null) : null}
        onClose={() => setShown(null)}
      />
    </div>
  );
};

export default AppListPage;
