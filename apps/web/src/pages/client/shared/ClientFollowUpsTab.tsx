import { PlusOutlined } from '@ant-design/icons';
import type { ClientRow, FollowUpRow } from '@educrm/contract/clients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Pagination, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteFollowUp, followUpKeys, listFollowUps } from '../../../api/clients';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { useUserStore } from '../../../stores/user';
import { parseTime } from '../../../utils/time';
import { FollowUpFormDrawer } from './FollowUpFormDrawer';
import { FollowUpItem } from './FollowUpItem';
import { canEditFollowUp } from './followUp';
import { useRefreshClients } from './queries';
import './client.css';

const PAGE_SIZE = 10;

/**
 * The follow-ups of one client, newest first, with "write a follow-up" (the owner; not for pool
 * clients), edit (the author within 24 h) and delete (the client's owner or an admin).
 */
export const ClientFollowUpsTab = ({
  client,
  onWrite,
  onChanged,
}: {
  client: ClientRow;
  /** Opens the drawer's follow-up form; null when the user may not write one here. */
  onWrite: (() => void) | null;
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const userId = useUserStore((s) => s.adminId);
  const roles = useUserStore((s) => s.roles);
  const refresh = useRefreshClients();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<FollowUpRow | null>(null);
  const query = useQuery({
    queryKey: [...followUpKeys.ofClient(client.id), page],
    queryFn: () => listFollowUps({ clientId: client.id, page, pageSize: PAGE_SIZE, sort: '-createdAt' }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
  const mayDelete = can('followup.delete') && (roles.includes('admin') || client.ownerUserId === userId);

  const changed = async () => {
    await refresh();
    onChanged();
  };

  return (
    <div data-testid="client-follow-ups">
      <div className="client-tab-toolbar">
        <span className="client-muted">
          {query.data ? t('client.followUp.count', { count: query.data.total }) : null}
        </span>
        {onWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={onWrite}>
            {t('client.action.followUp')}
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <Spin />
      ) : query.isError ? (
        <Alert type="error" showIcon title={query.error.message} />
      ) : query.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('client.followUp.empty')} />
      ) : (
        <>
          {query.data.items.map((row) => (
            <FollowUpItem
              key={row.id}
              row={row}
              actions={
                <RowActions
                  label={t('client.followUp.itemLabel', {
                    time: parseTime(row.createdAt, '{y}-{m}-{d} {h}:{i}'),
                  })}
                  inline={2}
                  actions={[
                    {
                      key: 'edit',
                      label: t('common.edit'),
                      permission: 'followup.update',
                      hidden: !canEditFollowUp(row, userId),
                      onClick: () => setEditing(row),
                    },
                    {
                      key: 'delete',
                      label: t('common.delete'),
                      permission: 'followup.delete',
                      hidden: !mayDelete,
                      danger: true,
                      confirm: {
                        title: t('client.followUp.deleteTitle'),
                        content: t('client.followUp.deleteText'),
                        okText: t('common.delete'),
                        onConfirm: async () => {
                          await deleteFollowUp(row.id);
                          void message.success(t('common.deleted'));
                          await changed();
                        },
                      },
                    },
                  ]}
                />
              }
            />
          ))}
          {query.data.total > PAGE_SIZE ? (
            <Pagination
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={query.data.total}
              onChange={setPage}
              showSizeChanger={false}
              align="end"
            />
          ) : null}
        </>
      )}
      {editing ? (
        <FollowUpFormDrawer
          target={{ mode: 'edit', followUp: editing }}
          onClosed={() => setEditing(null)}
          onSaved={() => void changed()}
        />
      ) : null}
    </div>
  );
};
