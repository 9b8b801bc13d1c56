import '../shared/call.css';
import { PlusOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { NUMBER_STATUSES, NUMBER_TYPES, type NumberRow } from '@educrm/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bulkNumberStatus,
  callKeys,
  deleteNumber,
  importNumbers,
  listNumbers,
  numberCalls,
  setNumberStatus,
} from '../../../api/calls';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { CallList } from '../shared/CallList';
import { NumberStatusTag } from '../shared/labels';
import { ProviderSettings } from '../shared/ProviderSettings';
import { NumberForm } from './NumberForm';

const WRITE = 'call.number.write';

/** Outbound calls > Numbers (号码管理, DOMAIN 7.1). */
const NumberListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ number: NumberRow | null } | null>(null);
  const [callsOf, setCallsOf] = useState<NumberRow | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: callKeys.numbers });

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('call.number.keyword'),
        placeholder: t('call.number.keywordHint'),
      },
      {
        type: 'select',
        name: 'status',
        label: t('call.number.status'),
        options: NUMBER_STATUSES.map((v) => ({ value: v, label: t(`call.enum.numberStatus.${v}`) })),
      },
      {
        type: 'select',
        name: 'numberType',
        label: t('call.number.type'),
        options: NUMBER_TYPES.map((v) => ({ value: v, label: t(`call.enum.numberType.${v}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<NumberRow>[] = [
    {
      key: 'number',
      title: t('call.number.number'),
      sortField: 'number',
      render: (_, n) => (
        <>
          <span className="call-number">{n.number}</span>
          <div className="call-cell-sub">
            {t(`call.enum.numberType.${n.numberType}`)} · {t(`call.enum.provider.${n.provider}`)}
            {n.city ? ` · ${n.city}` : ''}
          </div>
        </>
      ),
    },
    { key: 'mode', title: t('call.number.mode'), render: (_, n) => t(`call.enum.numberMode.${n.mode}`) },
    {
      key: 'assigned',
      title: t('call.number.assignedUsers'),
      render: (_, n) =>
        [...n.assignedUserNames, ...n.assignedDeptNames].join('、') || (
          <span className="call-cell-sub">{t('call.number.everyone')}</span>
        ),
    },
    {
      key: 'today',
      title: t('call.number.today'),
      sortField: 'dailyLimit',
      render: (_, n) => `${n.todayCalls} / ${n.dailyLimit}`,
    },
    {
      key: 'concurrency',
      title: t('call.number.concurrency'),
      render: (_, n) => `${n.activeCalls} / ${n.concurrency}`,
    },
    {
      key: 'window',
      title: t('call.number.window'),
      render: (_, n) => `${n.callWindowStart}-${n.callWindowEnd}`,
    },
    {
      key: 'rate',
      title: t('call.number.rate7d'),
      render: (_, n) =>
        n.connectRate7d == null ? '-' : `${Math.round(n.connectRate7d * 100)}% (${n.calls7d})`,
    },
    {
      key: 'status',
      title: t('call.number.status'),
      sortField: 'status',
      render: (_, n) => <NumberStatusTag value={n.status} />,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, n) => (
        <RowActions
          label={n.number}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              onClick: () => setEditing({ number: n }),
            },
            { key: 'calls', label: t('call.number.calls'), onClick: () => setCallsOf(n) },
            {
              key: 'disable',
              label: t('call.number.disable'),
              permission: WRITE,
              hidden: n.status !== 'AVAILABLE',
              confirm: {
                title: t('call.number.disableTitle', { number: n.number }),
                onConfirm: () => setNumberStatus(n.id, 'DISABLED', n.version).then(refresh),
              },
            },
            {
              key: 'enable',
              label: t('call.number.enable'),
              permission: WRITE,
              hidden: n.status === 'AVAILABLE',
              onClick: () => void setNumberStatus(n.id, 'AVAILABLE', n.version).then(refresh),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              confirm: {
                title: t('call.number.deleteTitle', { number: n.number }),
                onConfirm: () => deleteNumber(n.id).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  const onImport = async (file: File) => {
    try {
      const r = await importNumbers(file);
      await refresh();
      modal.info({
        title: t('call.number.importDone', { ok: r.succeeded, failed: r.failed }),
        content: (
          <ul className="call-import-result">
            {r.results
              .filter((x) => !x.ok)
              .slice(0, 50)
              .map((x) => (
                <li key={x.row}>
                  {t('call.number.importRow', { row: x.row, number: x.number, msg: x.msg })}
                </li>
              ))}
          </ul>
        ),
      });
    } catch (e) {
      message.error((e as Error).message);
    }
    return false;
  };

  return (
    <div className="call-page" data-testid="number-list-page">
      <h1 className="visually-hidden">{t('route.callNumberList')}</h1>
      <ResourceTable<NumberRow>
        tableKey="call.numbers"
        title={t('route.callNumberList')}
        queryKey={callKeys.numbers}
        fetch={listNumbers}
        columns={columns}
        filters={filters}
        defaultSort="-createdAt"
        rowKey={(n) => n.id}
        rowLabel={(n) => n.number}
        toolbar={
          can(WRITE) ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ number: null })}>
                {t('call.number.create')}
              </Button>
              <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => onImport(f)}>
                <Button icon={<UploadOutlined />}>{t('call.number.import')}</Button>
              </Upload>
              <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
                {t('call.provider.open')}
              </Button>
            </>
          ) : null
        }
        bulkActions={[
          {
            key: 'disable',
            label: t('call.number.disable'),
            permission: WRITE,
            confirm: (count) => t('call.number.bulkDisable', { count }),
            run: async (ids) => {
              const r = await bulkNumberStatus(ids.map(Number), 'DISABLED');
              await refresh();
              return r;
            },
          },
          {
            key: 'enable',
            label: t('call.number.enable'),
            permission: WRITE,
            run: async (ids) => {
              const r = await bulkNumberStatus(ids.map(Number), 'AVAILABLE');
              await refresh();
              return r;
            },
          },
        ]}
      />
      {settingsOpen ? <ProviderSettings kind="call" onClose={() => setSettingsOpen(false)} /> : null}
      {editing ? (
        <NumberForm
          number={editing.number}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      <Drawer
        open={callsOf !== null}
        onClose={() => setCallsOf(null)}
        size={860}
        title={callsOf ? t('call.number.callsTitle', { number: callsOf.number }) : ''}
        destroyOnHidden
      >
        {callsOf ? (
          <CallList
            queryKey={[...callKeys.calls, 'number', callsOf.id]}
            fetch={(params) => numberCalls(callsOf.id, params)}
          />
        ) : null}
      </Drawer>
    </div>
  );
};

export default NumberListPage;
