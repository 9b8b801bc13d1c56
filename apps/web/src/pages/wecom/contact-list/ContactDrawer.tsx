import type { WecomContactRow } from '@educrm/contract/wecom';
import { wecomRemarkBody } from '@educrm/contract/wecom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Drawer, Input, Select, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkContact, listContacts, markContacts, remarkContact, wecomKeys } from '../../../api/wecom';
import { ConfirmButton } from '../../../components/ConfirmAction';
import { FormField, ResourceForm } from '../../../components/ResourceForm/ResourceForm';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { ContactTags, RelationStatusTag } from '../shared/labels';
import { ClientPicker, TagPicker } from '../shared/pickers';

/** The tags of one relation, edited as a set: the difference goes to mark_tag. */
const TagEditor = ({ relation, onSaved }: { relation: WecomContactRow; onSaved: () => void }) => {
  const { t } = useTranslation();
  const initial = relation.tags.map((x) => x.tagId);
  const [value, setValue] = useState<string[]>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = value.filter((id) => !initial.includes(id));
  const remove = initial.filter((id) => !value.includes(id));
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await markContacts([relation.id], add, remove);
      const failure = result.results.find((r) => !r.ok);
      if (failure) setError(failure.msg);
      else onSaved();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="wecom-tag-editor">
      <TagPicker
        value={value}
        onChange={setValue}
        corpId={relation.corpId}
        aria-label={t('wecom.contact.tags')}
      />
      {error ? <div className="ant-form-item-explain-error">{error}</div> : null}
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" loading={busy} disabled={!add.length && !remove.length} onClick={save}>
          {t('wecom.contact.saveTags')}
        </Button>
      </Space>
    </div>
  );
};

/** 备注 / 描述 / 备注手机号 of one relation (remark API). */
const RemarkForm = ({ relation, onSaved }: { relation: WecomContactRow; onSaved: () => void }) => {
  const { t } = useTranslation();
  return (
    <ResourceForm<Record<string, unknown>>
      id={`wecom-remark-${relation.id}`}
      title={t('wecom.contact.remarkTitle')}
      schema={wecomRemarkBody}
      initialValues={{
        remark: relation.remark,
        description: relation.description,
        remarkMobiles: relation.remarkMobiles,
      }}
      onSubmit={(v) => remarkContact(relation.id, v as Parameters<typeof remarkContact>[1])}
      successMessage={t('wecom.contact.remarkSaved')}
      onSuccess={onSaved}
    >
      <FormField name="remark" label={t('wecom.contact.remark')}>
        <Input maxLength={20} showCount />
      </FormField>
      <FormField name="description" label={t('wecom.contact.description')}>
        <Input.TextArea maxLength={150} showCount autoSize={{ minRows: 2 }} />
      </FormField>
      <FormField
        name="remarkMobiles"
        label={t('wecom.contact.remarkMobiles')}
        extra={t('wecom.contact.mobilesHint')}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} maxCount={5} />
      </FormField>
    </ResourceForm>
  );
};

/** 关联客户: link the contact to a client (unionid / state linking missed it), or unlink it. */
const LinkPanel = ({ relation, onSaved }: { relation: WecomContactRow; onSaved: () => void }) => {
  const { t } = useTranslation();
  const can = useCan();
  const [clientId, setClientId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = async () => {
    if (!clientId) {
      setError(t('wecom.contact.clientRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await linkContact(relation.id, clientId);
      setClientId(null);
      onSaved();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="wecom-link-panel">
      <p>
        {t('wecom.contact.linkedClient')}:{' '}
        <strong data-testid="wecom-linked-client">
          {relation.clientName ?? t('wecom.contact.unlinked')}
        </strong>
      </p>
      {can('wecom.contact.link') ? (
        <>
          <Space.Compact style={{ width: '100%' }}>
            <ClientPicker
              value={clientId}
              onChange={setClientId}
              aria-label={t('wecom.contact.pickClient')}
            />
            <Button type="primary" loading={busy} onClick={link}>
              {relation.clientId ? t('wecom.contact.relink') : t('wecom.contact.link')}
            </Button>
          </Space.Compact>
          {error ? <div className="ant-form-item-explain-error">{error}</div> : null}
          {relation.clientId ? (
            <ConfirmButton
              style={{ marginTop: 12 }}
              danger
              confirm={{
                title: t('wecom.contact.unlinkTitle', { name: relation.name, client: relation.clientName }),
                onConfirm: () => linkContact(relation.id, null).then(onSaved),
              }}
            >
              {t('wecom.contact.unlink')}
            </ConfirmButton>
          ) : null}
        </>
      ) : null}
    </div>
  );
};

/** The relations (follow staff) of one contact, as a small table. */
export const RelationsTable = ({
  rows,
  loading,
  showClient = false,
}: {
  rows: WecomContactRow[];
  loading: boolean;
  showClient?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Table<WecomContactRow>
      size="small"
      rowKey="id"
      loading={loading}
      pagination={false}
      aria-label={t('wecom.contact.relations')}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        ...(showClient
          ? [
              {
                key: 'name',
                title: t('wecom.contact.name'),
                render: (_: unknown, r: WecomContactRow) => r.name,
              },
            ]
          : []),
        {
          key: 'member',
          title: t('wecom.contact.followUser'),
          render: (_, r) => `${r.memberName ?? r.userid}`,
        },
        { key: 'remark', title: t('wecom.contact.remark'), render: (_, r) => r.remark || '-' },
        { key: 'tags', title: t('wecom.contact.tags'), render: (_, r) => <ContactTags tags={r.tags} /> },
        {
          key: 'addTime',
          title: t('wecom.contact.addTime'),
          render: (_, r) => (r.addTime ? parseTime(r.addTime, '{y}-{m}-{d} {h}:{i}') : '-'),
        },
        {
          key: 'status',
          title: t('wecom.contact.status'),
          render: (_, r) => <RelationStatusTag value={r.status} />,
        },
      ]}
    />
  );
};

/** An external contact in a drawer: who follows it, its tags and remark per relation, the linked client. */
export const ContactDrawer = ({
  relation,
  tab = 'tags',
  onClose,
  onChanged,
  onTransfer,
}: {
  relation: WecomContactRow | null;
  /** The tab shown first (the row's "link client" opens the client tab). */
  tab?: 'tags' | 'remark' | 'client' | 'relations';
  onClose: () => void;
  onChanged: () => void;
  onTransfer: (row: WecomContactRow) => void;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const qc = useQueryClient();
  const contactId = relation?.contactId ?? 0;
  const relations = useQuery({
    queryKey: [...wecomKeys.contacts, 'of-contact', contactId],
    queryFn: () => listContacts({ contactId, pageSize: 100 }),
    enabled: relation !== null,
  });
  // The row shown: the fresh copy of the clicked relation once the drawer's own query has it.
  const current = relations.data?.items.find((r) => r.id === relation?.id) ?? relation;
  const saved = () => {
    void qc.invalidateQueries({ queryKey: wecomKeys.contacts });
    onChanged();
  };
  return (
    <Drawer
      open={relation !== null}
      onClose={onClose}
      size={Math.min(720, typeof window === 'undefined' ? 720 : window.innerWidth)}
      destroyOnHidden
      title={
        current ? (
          <span className="wecom-contact">
            <Avatar src={current.avatar || undefined} size="small">
              {current.name.slice(0, 1)}
            </Avatar>
            <span data-testid="wecom-contact-drawer-name">{current.name}</span>
          </span>
        ) : null
      }
      extra={
        current && can('wecom.contact.transfer') && current.status === 'NORMAL' ? (
          <Button onClick={() => onTransfer(current)}>{t('wecom.contact.transfer')}</Button>
        ) : null
      }
    >
      {current ? (
        <>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label={t('wecom.contact.type')}>
              {t(`wecom.enum.contactType.${current.type}`, { defaultValue: String(current.type) })}
              {current.corpName ? ` · ${current.corpName}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="external_userid">
              <span className="wecom-secret">{current.externalUserid}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('wecom.contact.followUser')}>
              {current.memberName ?? current.userid}
            </Descriptions.Item>
            <Descriptions.Item label={t('wecom.contact.addWay')}>
              {t(`wecom.enum.addWay.${current.addWay}`, { defaultValue: String(current.addWay) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('wecom.contact.status')}>
              <RelationStatusTag value={current.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('wecom.contact.addTime')}>
              {current.addTime ? parseTime(current.addTime, '{y}-{m}-{d} {h}:{i}') : '-'}
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            key={`${current.id}-${tab}`}
            defaultActiveKey={tab}
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'tags',
                label: t('wecom.contact.tags'),
                children: can('wecom.contact.tag') ? (
                  <TagEditor
                    key={current.tags.map((x) => x.tagId).join()}
                    relation={current}
                    onSaved={saved}
                  />
                ) : (
                  <ContactTags tags={current.tags} />
                ),
              },
              ...(can('wecom.contact.tag')
                ? [
                    {
                      key: 'remark',
                      label: t('wecom.contact.remarkTitle'),
                      children: (
                        <RemarkForm
                          key={`${current.remark}|${current.description}`}
                          relation={current}
                          onSaved={saved}
                        />
                      ),
                    },
                  ]
                : []),
              {
                key: 'client',
                label: t('wecom.contact.linkedClient'),
                children: <LinkPanel relation={current} onSaved={saved} />,
              },
              {
                key: 'relations',
                label: t('wecom.contact.relationsCount', { count: relations.data?.total ?? 0 }),
                children: (
                  <RelationsTable rows={relations.data?.items ?? []} loading={relations.isFetching} />
                ),
              },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
};
