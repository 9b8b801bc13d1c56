import '../shared/wecom.css';
import type { BulkResult } from '@educrm/contract/list';
import { WECOM_RELATION_STATUSES, type WecomContactRow } from '@educrm/contract/wecom';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listContacts, wecomKeys } from '../../../api/wecom';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { parseTime } from '../../../utils/time';
import { ADD_WAYS, ContactTags, RelationStatusTag } from '../shared/labels';
import { useFollowMembers } from '../shared/pickers';
import { flatTagOptions, useTagLibrary } from '../shared/queries';
import { TagDialog, TransferDialog, useAskDialog } from './ContactDialogs';
import { ContactDrawer } from './ContactDrawer';

const TAG = 'wecom.contact.tag';
const TRANSFER = 'wecom.contact.transfer';

/** Enterprise WeChat > External contacts (外部联系人, DOMAIN 9.6): one row per contact × follow member. */
const ContactListPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const tags = useTagLibrary();
  const members = useFollowMembers();
  const dialogs = useAskDialog();
  const [open, setOpen] = useState<WecomContactRow | null>(null);
  const [openTab, setOpenTab] = useState<'tags' | 'client'>('tags');
  const show = (row: WecomContactRow, tab: 'tags' | 'client' = 'tags') => {
    setOpenTab(tab);
    setOpen(row);
  };
  const refresh = () => qc.invalidateQueries({ queryKey: wecomKeys.contacts });

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('wecom.keyword'),
        placeholder: t('wecom.contact.keywordHint'),
      },
      {
        type: 'select',
        name: 'userid',
        label: t('wecom.contact.followUser'),
        options: members.options,
        loading: members.loading,
      },
      {
        type: 'select',
        name: 'tagIds',
        label: t('wecom.contact.tags'),
        multiple: true,
        options: flatTagOptions(tags.data),
        loading: tags.isFetching,
      },
      {
        type: 'select',
        name: 'linked',
        label: t('wecom.contact.linkedClient'),
        options: [
          { value: 'true', label: t('wecom.contact.linked') },
          { value: 'false', label: t('wecom.contact.unlinked') },
        ],
      },
      {
        type: 'select',
        name: 'status',
        label: t('wecom.contact.status'),
        options: WECOM_RELATION_STATUSES.map((v) => ({
          value: v,
          label: t(`wecom.enum.relationStatus.${v}`),
        })),
      },
      {
        type: 'select',
        name: 'addWay',
        label: t('wecom.contact.addWay'),
        numeric: true,
        options: ADD_WAYS.map((v) => ({ value: v, label: t(`wecom.enum.addWay.${v}`) })),
      },
      {
        type: 'dateRange',
        name: 'added',
        label: t('wecom.contact.addTime'),
        from: 'addedFrom',
        to: 'addedTo',
      },
    ],
    [t, members.options, members.loading, tags.data, tags.isFetching],
  );

  const finish = (done: (r: BulkResult | null) => void) => (r: BulkResult | null) => {
    done(r);
    if (r) void refresh();
  };
  const askTag = (ids: number[]) => dialogs.ask((done) => <TagDialog ids={ids} onDone={finish(done)} />);
  const askTransfer = (ids: number[], exclude: string[] = []) =>
    dialogs.ask((done) => <TransferDialog ids={ids} exclude={exclude} onDone={finish(done)} />);

  const columns: ResourceColumn<WecomContactRow>[] = [
    {
      key: 'name',
      title: t('wecom.contact.name'),
      sortField: 'name',
      render: (_, c) => (
        <button type="button" className="wecom-contact wecom-link-button" onClick={() => show(c)}>
          <Avatar src={c.avatar || undefined} size="small">
            {c.name.slice(0, 1)}
          </Avatar>
          <span className="wecom-contact__name">
            {c.name}
            <span className="wecom-cell-sub">
              {t(`wecom.enum.contactType.${c.type}`, { defaultValue: String(c.type) })}
              {c.corpName ? ` · ${c.corpName}` : ''}
            </span>
          </span>
        </button>
      ),
    },
    { key: 'member', title: t('wecom.contact.followUser'), render: (_, c) => c.memberName ?? c.userid },
    {
      key: 'remark',
      title: t('wecom.contact.remark'),
      render: (_, c) => <span className="wecom-clip">{c.remark || '-'}</span>,
    },
    { key: 'tags', title: t('wecom.contact.tags'), render: (_, c) => <ContactTags tags={c.tags} /> },
    {
      key: 'addTime',
      title: t('wecom.contact.addTime'),
      sortField: 'addTime',
      render: (_, c) => (
        <span className="wecom-nowrap">{c.addTime ? parseTime(c.addTime, '{y}-{m}-{d} {h}:{i}') : '-'}</span>
      ),
    },
    {
      key: 'addWay',
      title: t('wecom.contact.addWay'),
      render: (_, c) => t(`wecom.enum.addWay.${c.addWay}`, { defaultValue: String(c.addWay) }),
    },
    {
      key: 'status',
      title: t('wecom.contact.status'),
      render: (_, c) => <RelationStatusTag value={c.status} />,
    },
    {
      key: 'client',
      title: t('wecom.contact.linkedClient'),
      render: (_, c) =>
        c.clientName ? (
          <span className="wecom-clip">{c.clientName}</span>
        ) : (
          <span className="wecom-sub">{t('wecom.contact.unlinked')}</span>
        ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, c) => (
        <RowActions
          label={c.name}
          actions={[
            { key: 'view', label: t('wecom.contact.view'), onClick: () => show(c) },
            {
              key: 'tag',
              label: t('wecom.contact.tag'),
              permission: TAG,
              onClick: () => void askTag([c.id]),
            },
            {
              key: 'link',
              label: c.clientId ? t('wecom.contact.relink') : t('wecom.contact.link'),
              permission: 'wecom.contact.link',
              onClick: () => show(c, 'client'),
            },
            {
              key: 'transfer',
              label: t('wecom.contact.transfer'),
              permission: TRANSFER,
              hidden: c.status !== 'NORMAL',
              onClick: () =>
                void askTransfer([c.id], [c.userid]).then((r) => {
                  if (r?.failed === 0) message.success(t('wecom.contact.transferStarted'));
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="wecom-page" data-testid="wecom-contact-list-page">
      <h1 className="visually-hidden">{t('route.wecomContactList')}</h1>
      <ResourceTable<WecomContactRow>
        tableKey="wecom.contacts"
        title={t('route.wecomContactList')}
        queryKey={wecomKeys.contacts}
        fetch={listContacts}
        columns={columns}
        filters={filters}
        rowKey={(c) => c.id}
        rowLabel={(c) => `${c.name} · ${c.memberName ?? c.userid}`}
        defaultSort="-addTime"
        tableProps={{ scroll: { x: 'max-content' } }}
        bulkActions={[
          {
            key: 'tag',
            label: t('wecom.contact.tag'),
            permission: TAG,
            run: (ids) => askTag(ids as number[]),
          },
          {
            key: 'transfer',
            label: t('wecom.contact.transfer'),
            permission: TRANSFER,
            run: (ids) => askTransfer(ids as number[]),
          },
        ]}
      />
      <ContactDrawer
        relation={open}
        tab={openTab}
        onClose={() => setOpen(null)}
        onChanged={() => undefined}
        onTransfer={(row) => void askTransfer([row.id], [row.userid])}
      />
      {dialogs.element}
    </div>
  );
};

export default ContactListPage;
