import { EditOutlined, MailOutlined, MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import type { ClientRow } from '@educrm/contract/clients';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientKeys, getClient } from '../../../api/clients';
import { ApiError } from '../../../api/errors';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { ClientCallsTab, ClientSmsTab } from '../../call/shared/ClientCallsTab';
import ClientOrdersTab from '../../order/shared/ClientOrdersTab';
import { ClientWecomTab } from '../../wecom/shared/ClientWecomTab';
import { ClientFollowUpsTab } from './ClientFollowUpsTab';
import { ClientOwnerLogsTab } from './ClientOwnerLogsTab';
import { ClientProfileTab } from './ClientProfileTab';
import { ClientTimelineTab } from './ClientTimelineTab';
import { ClientTagList, LevelTag, LockMark, StageTag } from './labels';
import { PhoneText } from './PhoneText';
import { useClientActions } from './useClientActions';
import './client.css';

/**
 * The client detail drawer (profile, follow-ups, orders, owner changes, audit, timeline).
 * Imported by the client lists and the public-pool page: keep these props.
 */
export interface ClientDrawerProps {
  /** The client to show; null keeps the drawer closed. */
  clientId: number | null;
  onClose: () => void;
  /** Called after a write made from inside the drawer (lists refresh). */
  onChanged?: () => void;
}

/** Name, phone, stage, level, owner, tags and lock state of the client, above the tabs. */
const Summary = ({ client }: { client: ClientRow }) => {
  const { t } = useTranslation();
  return (
    <div className="client-drawer__head" data-testid="client-summary">
      <div className="client-drawer__title">
        <StageTag stage={client.stage} />
        {client.level ? <LevelTag level={client.level} /> : null}
        {client.locked ? <Tag className="status-tag status-tag--warning">{t('client.locked')}</Tag> : null}
        {client.dealStatus && client.stage !== 'DEAL' ? (
          <Tag className="status-tag status-tag--success">{t('client.deal')}</Tag>
        ) : null}
        {client.deleted ? <Tag className="status-tag status-tag--error">{t('client.deletedTag')}</Tag> : null}
      </div>
      <div className="client-drawer__facts">
        <span>
          <span className="client-drawer__fact-label">{t('client.field.mobile')}</span>
          <PhoneText
            clientId={client.id}
            mobile={client.mobile}
            masked={client.mobileMasked}
            name={client.name}
          />
        </span>
        <span>
          <span className="client-drawer__fact-label">{t('client.field.owner')}</span>
          {client.ownerName ? (
            <span data-user-content>
              {`${client.ownerName}${client.ownerDeptName ? ` · ${client.ownerDeptName}` : ''}`}
            </span>
          ) : (
            <Tag>{t('client.inPool')}</Tag>
          )}
        </span>
        {client.studentName ? (
          <span>
            <span className="client-drawer__fact-label">{t('client.field.studentName')}</span>
            {client.studentName}
            {client.gradeName ? ` · ${client.gradeName}` : ''}
          </span>
        ) : null}
      </div>
      <div>
        <span className="client-drawer__fact-label">{t('client.field.tags')}</span>
        <ClientTagList tags={client.tags} />
      </div>
    </div>
  );
};

/**
 * A client in a side drawer: a summary with the client's actions, then tabs for the profile,
 * follow-ups, orders, owner changes, the audit trail and the merged timeline. A duplicate found
 * while editing opens that client here instead.
 */
export default function ClientDrawer({ clientId, onClose, onChanged }: ClientDrawerProps) {
  const { t } = useTranslation();
  const can = useCan();
  const [shownId, setShownId] = useState(clientId);
  const [tab, setTab] = useState('profile');
  useEffect(() => {
    setShownId(clientId);
    setTab('profile');
  }, [clientId]);

  const actions = useClientActions({
    onChanged,
    onOpenClient: (id) => {
      setShownId(id);
      setTab('profile');
    },
    onDeleted: () => {
      if (!can('client.restore')) onClose();
    },
  });

  const query = useQuery({
    queryKey: clientKeys.detail(shownId ?? 0),
    queryFn: () => getClient(shownId as number),
    enabled: shownId !== null,
    staleTime: 10_000,
  });
  const client = query.data;
  const open = clientId !== null;

  const clientActions = client
    ? actions
        .actionsFor(client)
        .filter((a) => a.key !== 'followUp' && a.key !== 'edit' && a.key !== 'call' && a.key !== 'sms')
    : [];
  const canWrite = client ? actions.actionsFor(client).find((a) => a.key === 'followUp') : undefined;
  const mayWrite = Boolean(canWrite && !canWrite.hidden && can(canWrite.permission));
  const editAction = client ? actions.actionsFor(client).find((a) => a.key === 'edit') : undefined;
  const mayEdit = Boolean(editAction && !editAction.hidden && can(editAction.permission));
  const outboundAction = (key: 'call' | 'sms') => {
    const a = client ? actions.actionsFor(client).find((x) => x.key === key) : undefined;
    return Boolean(a && !a.hidden && can(a.permission));
  };

  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        size={Math.min(880, typeof window === 'undefined' ? 880 : window.innerWidth)}
        destroyOnHidden
        className="client-drawer"
        title={
          client ? (
            <span className="client-drawer__title">
              <span data-testid="client-drawer-name" data-user-content>
                {client.name}
              </span>
              <LockMark locked={client.locked} />
            </span>
          ) : (
            t('client.drawerTitle')
          )
        }
        extra={
          client ? (
            <Space size={4} wrap>
              {mayWrite ? (
                <Button
                  type="primary"
                  icon={<MessageOutlined />}
                  onClick={() => actions.openFollowUp(client)}
                >
                  {t('client.action.followUp')}
                </Button>
              ) : null}
              {outboundAction('call') ? (
                <Button
                  icon={<PhoneOutlined />}
                  onClick={() => actions.openOutbound('call', client)}
                  data-testid="client-call"
                >
                  {t('call.action.call')}
                </Button>
              ) : null}
              {outboundAction('sms') ? (
                <Button
                  icon={<MailOutlined />}
                  onClick={() => actions.openOutbound('sms', client)}
                  data-testid="client-sms"
                >
                  {t('call.action.sms')}
                </Button>
              ) : null}
              {mayEdit ? (
                <Button icon={<EditOutlined />} onClick={() => void actions.openEdit(client.id)}>
                  {t('common.edit')}
                </Button>
              ) : null}
              <RowActions label={client.name} actions={clientActions} inline={0} />
            </Space>
          ) : null
        }
      >
        {query.isPending && shownId !== null ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : notFound ? (
          <Result status="404" title={t('client.gone')} subTitle={t('client.goneText')} />
        ) : query.isError ? (
          <Alert
            type="error"
            showIcon
            title={query.error.message}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('table.retry')}
              </Button>
            }
          />
        ) : client ? (
          <>
            <Summary client={client} />
            <Tabs
              activeKey={tab}
              onChange={setTab}
              destroyOnHidden
              items={[
                {
                  key: 'profile',
                  label: t('client.tab.profile'),
                  children: <ClientProfileTab client={client} />,
                },
                ...(can('client.follow-record-list')
                  ? [
                      {
                        key: 'followUps',
                        label: t('client.tab.followUps'),
                        children: (
                          <ClientFollowUpsTab
                            client={client}
                            onWrite={mayWrite ? () => actions.openFollowUp(client) : null}
                            onChanged={() => onChanged?.()}
                          />
                        ),
                      },
                    ]
                  : []),
                ...(can('order.list')
                  ? [
                      {
                        key: 'orders',
                        label: t('client.tab.orders'),
                        children: <ClientOrdersTab clientId={client.id} />,
                      },
                    ]
                  : []),
                {
                  key: 'calls',
                  label: t('call.tab.calls'),
                  children: <ClientCallsTab clientId={client.id} />,
                },
                {
                  key: 'sms',
                  label: t('call.tab.sms'),
                  children: <ClientSmsTab clientId={client.id} />,
                },
                ...(can('wecom.contact-list')
                  ? [
                      {
                        key: 'wecom',
                        label: t('wecom.client.tab'),
                        children: <ClientWecomTab clientId={client.id} />,
                      },
                    ]
                  : []),
                {
                  key: 'owners',
                  label: t('client.tab.owners'),
                  children: <ClientOwnerLogsTab clientId={client.id} />,
                },
                {
                  key: 'audit',
                  label: t('client.tab.audit'),
                  children: (
                    <ClientTimelineTab clientId={client.id} view="audit" emptyText={t('client.auditEmpty')} />
                  ),
                },
                {
                  key: 'timeline',
                  label: t('client.tab.timeline'),
                  children: <ClientTimelineTab clientId={client.id} />,
                },
              ]}
            />
          </>
        ) : null}
      </Drawer>
      {actions.element}
    </>
  );
}
