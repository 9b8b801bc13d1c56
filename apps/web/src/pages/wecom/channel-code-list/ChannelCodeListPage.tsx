import '../shared/wecom.css';
import { PlusOutlined } from '@ant-design/icons';
import type { WecomChannelCodeRow } from '@educrm/contract/wecom-acquisition';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  channelCodeKeys,
  deleteChannelCode,
  listChannelCodes,
  simulateChannelAdd,
} from '../../../api/wecom-acquisition';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { useDictOptions } from '../../client/shared/queries';
import { ChannelCodeForm, useCustomerApps } from './ChannelCodeForm';
import { DefaultWelcomeDialog } from './DefaultWelcomeDialog';

const WRITE = 'wecom.channel-code.write';
const FIGURES = ['adds', 'stillFriends', 'deleted', 'linked', 'welcomed'] as const;

/** Enterprise WeChat > Channel codes (渠道活码, issue 41): codes, their figures, the default welcome. */
const ChannelCodeListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const dict = useDictOptions();
  const [editing, setEditing] = useState<{ code: WecomChannelCodeRow | null } | null>(null);
  const [welcome, setWelcome] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: channelCodeKeys.all });
  // the form's app choices, fetched ahead for writers
  useCustomerApps(can(WRITE));

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('wecom.keyword'),
        placeholder: t('wecom.channelCode.keywordHint'),
      },
      {
        type: 'treeSelect',
        name: 'channelId',
        label: t('wecom.channelCode.channel'),
        treeData: dict.channelTree,
        numeric: true,
        loading: dict.loading,
      },
    ],
    [t, dict.channelTree, dict.loading],
  );

  const simulate = async (c: WecomChannelCodeRow) => {
    try {
      const res = await simulateChannelAdd(c.id);
      message.success(t('wecom.channelCode.simulated', { userid: res.userid }));
      // the add is applied in the background; its figures follow shortly
      setTimeout(() => void refresh(), 1500);
    } catch (e) {
      modal.error({ title: t('common.refused'), content: e instanceof Error ? e.message : String(e) });
    }
  };

  const allColumns: ResourceColumn<WecomChannelCodeRow>[] = [
    {
      key: 'name',
      title: t('wecom.channelCode.name'),
      sortField: 'name',
      render: (_, c) => (
        <>
          <span className="wecom-strong">{c.name}</span>
          <span className="wecom-cell-sub">{c.appName}</span>
        </>
      ),
    },
    {
      key: 'channel',
      title: t('wecom.channelCode.channel'),
      render: (_, c) => (c.channelParentName ? `${c.channelParentName} / ${c.channelName}` : c.channelName),
    },
    {
      key: 'staff',
      title: t('wecom.channelCode.staff'),
      render: (_, c) => <span className="wecom-clip">{c.staff.map((s) => s.name).join('、')}</span>,
    },
    ...FIGURES.map(
      (f): ResourceColumn<WecomChannelCodeRow> => ({
        key: f,
        title: t(`wecom.channelCode.${f}`),
        align: 'right',
        ...(f === 'adds' ? { sortField: 'adds' } : {}),
        render: (_, c) => <span className="wecom-num">{c.counts[f]}</span>,
      }),
    ),
    {
      key: 'qr',
      title: t('wecom.channelCode.qr'),
      render: (_, c) =>
        c.qrCode ? (
          <Typography.Link
            href={c.qrCode}
            target="_blank"
            rel="noreferrer"
            copyable={{
              text: c.qrCode,
              tooltips: [t('wecom.channelCode.copyLink'), t('wecom.channelCode.copied')],
            }}
          >
            {t('wecom.channelCode.qr')}
          </Typography.Link>
        ) : (
          '-'
        ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, c) => (
        <RowActions
          label={c.name}
          inline={2}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              onClick: () => setEditing({ code: c }),
            },
            {
              key: 'simulate',
              label: t('wecom.channelCode.simulate'),
              permission: WRITE,
              hidden: c.appMode !== 'SANDBOX',
              onClick: () => void simulate(c),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              confirm: {
                title: t('wecom.channelCode.deleteTitle', { name: c.name }),
                content: t('wecom.channelCode.deleteText'),
                onConfirm: () => deleteChannelCode(c.id).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  // readers (siyu, chakan) have no row action
  const columns = can(WRITE) ? allColumns : allColumns.filter((c) => c.key !== 'actions');

  return (
    <div className="wecom-page" data-testid="wecom-channel-code-list-page">
      <h1 className="visually-hidden">{t('route.wecomChannelCodeList')}</h1>
      <ResourceTable<WecomChannelCodeRow>
        tableKey="wecom.channelCodes"
        title={t('route.wecomChannelCodeList')}
        queryKey={channelCodeKeys.all}
        fetch={listChannelCodes}
        columns={columns}
        filters={filters}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        defaultSort="-id"
        tableProps={{ scroll: { x: 'max-content' } }}
        toolbar={
          can(WRITE) ? (
            <Space>
              <Button onClick={() => setWelcome(true)}>{t('wecom.channelCode.defaultWelcome')}</Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ code: null })}>
                {t('wecom.channelCode.create')}
              </Button>
            </Space>
          ) : null
        }
      />
      <p className="wecom-sub">{t('wecom.channelCode.scansNote')}</p>
      {editing ? (
        <ChannelCodeForm
          code={editing.code}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      {welcome ? <DefaultWelcomeDialog onClose={() => setWelcome(false)} /> : null}
    </div>
  );
};

export default ChannelCodeListPage;
