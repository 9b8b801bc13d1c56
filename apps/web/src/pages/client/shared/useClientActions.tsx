import type { BulkResult } from '@educrm/contract/list';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  claimClient,
  clientKeys,
  deleteClient,
  getClient,
  restoreClient,
  setClientLock,
} from '../../../api/clients';
import type { RowAction } from '../../../components/ResourceTable/RowActions';
import { useUserStore } from '../../../stores/user';
import type { DialogKind, DialogRequest } from './ClientActionDialog';
import type { ClientFormTarget } from './ClientFormDrawer';
import { useRefreshClients } from './queries';
import type { ClientLike } from './types';

// The dialogs and drawers load when one is opened: a list's first row does not wait for their
// date pickers, tree selects and call panel.
const CallPanel = lazy(() => import('../../call/shared/CallPanel').then((m) => ({ default: m.CallPanel })));
const SendSmsDialog = lazy(() =>
  import('../../call/shared/SendSmsDialog').then((m) => ({ default: m.SendSmsDialog })),
);
const ClientActionDialog = lazy(() =>
  import('./ClientActionDialog').then((m) => ({ default: m.ClientActionDialog })),
);
const ClientFormDrawer = lazy(() =>
  import('./ClientFormDrawer').then((m) => ({ default: m.ClientFormDrawer })),
);
const FollowUpFormDrawer = lazy(() =>
  import('./FollowUpFormDrawer').then((m) => ({ default: m.FollowUpFormDrawer })),
);

type BulkKind = Exclude<DialogKind, 'assign'>;

/**
 * The client actions of DOMAIN 3.4 for list rows and the client drawer: write a follow-up, edit,
 * claim / assign (pool), transfer, release, lock / unlock, tags, level, stage, delete and restore,
 * each shown only with its permission code and in the states where the server allows it. Also the
 * bulk versions that take input (their dialogs answer per id). Render `element` once.
 */
export const useClientActions = ({
  onChanged,
  onOpenClient,
  onDeleted,
}: {
  /** After any write (the lists and details have already been refreshed). */
  onChanged?: () => void;
  /** Open a client's drawer (the "details" action, and duplicates found while editing). */
  onOpenClient?: (id: number) => void;
  /** After a client was deleted (the drawer closes). */
  onDeleted?: (id: number) => void;
}) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = useRefreshClients();
  const userId = useUserStore((s) => s.adminId);
  const dataScope = useUserStore((s) => s.dataScope);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [form, setForm] = useState<ClientFormTarget | null>(null);
  const [followUpOf, setFollowUpOf] = useState<ClientLike | null>(null);
  // Outbound calls and SMS (DOMAIN 7): the call panel or the SMS dialog of one client.
  const [outbound, setOutbound] = useState<{ kind: 'call' | 'sms'; client: ClientLike } | null>(null);
  const pendingBulk = useRef<((result: BulkResult | null) => void) | null>(null);

  const changed = async () => {
    await refresh();
    onChanged?.();
  };

  const openEdit = async (id: number) => {
    try {
      const client = await queryClient.fetchQuery({
        queryKey: clientKeys.detail(id),
        queryFn: () => getClient(id),
        staleTime: 0,
      });
      setForm({ mode: 'edit', client });
    } catch (error) {
      modal.error({
        title: t('common.refused'),
        content: error instanceof Error ? error.message : t('http.error'),
      });
    }
  };

  /** Pool clients are writable only with scope ALL; deleted ones not at all. */
  const writable = (c: ClientLike) => !c.deleted && (c.ownerUserId !== null || dataScope === 'ALL');
  const owned = (c: ClientLike) => !c.deleted && c.ownerUserId !== null;
  const inPool = (c: ClientLike) => !c.deleted && c.ownerUserId === null;

  const actionsFor = (c: ClientLike, opts: { details?: boolean } = {}): RowAction[] => [
    {
      key: 'detail',
      label: t('client.action.detail'),
      hidden: !opts.details || !onOpenClient,
      onClick: () => onOpenClient?.(c.id),
    },
    {
      key: 'followUp',
      label: t('client.action.followUp'),
      permission: 'followup.create',
      hidden: !owned(c) || !(c.ownerUserId === userId || dataScope !== 'SELF'),
      onClick: () => setFollowUpOf(c),
    },
    {
      key: 'call',
      label: t('call.action.call'),
      permission: 'call.dial',
      hidden: !owned(c) || !(c.ownerUserId === userId || dataScope !== 'SELF'),
      onClick: () => setOutbound({ kind: 'call', client: c }),
    },
    {
      key: 'sms',
      label: t('call.action.sms'),
      permission: 'sms.send',
      hidden: !owned(c) || !(c.ownerUserId === userId || dataScope !== 'SELF'),
      onClick: () => setOutbound({ kind: 'sms', client: c }),
    },
    {
      key: 'edit',
      label: t('common.edit'),
      permission: 'client.update',
      hidden: !writable(c),
      onClick: () => void openEdit(c.id),
    },
    {
      key: 'claim',
      label: t('client.action.claim'),
      permission: 'client.claim',
      hidden: !inPool(c),
      confirm: {
        title: t('client.action.claimTitle', { name: c.name }),
        content: t('client.action.claimText'),
        okText: t('client.action.claim'),
        danger: false,
        onConfirm: async () => {
          await claimClient(c.id);
          void message.success(t('client.claimed'));
          await changed();
        },
      },
    },
    {
      key: 'assign',
      label: t('client.action.assign'),
      permission: 'client.assign',
      hidden: !inPool(c),
      onClick: () => setDialog({ scope: 'one', kind: 'assign', client: c }),
    },
    {
      key: 'transfer',
      label: t('client.action.transfer'),
      permission: 'client.transfer',
      hidden: !owned(c),
      onClick: () => setDialog({ scope: 'one', kind: 'transfer', client: c }),
    },
    {
      key: 'release',
      label: t('client.action.release'),
      permission: 'client.release',
      hidden: !owned(c) || c.locked,
      danger: true,
      onClick: () => setDialog({ scope: 'one', kind: 'release', client: c }),
    },
    {
      key: 'lock',
      label: c.locked ? t('client.action.unlock') : t('client.action.lock'),
      permission: 'client.lock',
      hidden: !owned(c),
      confirm: {
        title: t(c.locked ? 'client.action.unlockTitle' : 'client.action.lockTitle', { name: c.name }),
        content: t(c.locked ? 'client.action.unlockText' : 'client.action.lockText'),
        okText: c.locked ? t('client.action.unlock') : t('client.action.lock'),
        danger: false,
        onConfirm: async () => {
          await setClientLock(c.id, !c.locked);
          void message.success(t(c.locked ? 'client.unlocked' : 'client.lockedDone'));
          await changed();
        },
      },
    },
    {
      key: 'tags',
      label: t('client.action.tags'),
      permission: 'client.tag',
      hidden: !writable(c),
      onClick: () => setDialog({ scope: 'one', kind: 'tags', client: c }),
    },
    {
      key: 'level',
      label: t('client.action.level'),
      permission: 'client.update',
      hidden: !writable(c),
      onClick: () => setDialog({ scope: 'one', kind: 'level', client: c }),
    },
    {
      key: 'stage',
      label: t('client.action.stage'),
      permission: 'client.update',
      hidden: !writable(c),
      onClick: () => setDialog({ scope: 'one', kind: 'stage', client: c }),
    },
    {
      key: 'restore',
      label: t('client.action.restore'),
      permission: 'client.restore',
      hidden: !c.deleted,
      confirm: {
        title: t('client.action.restoreTitle', { name: c.name }),
        okText: t('client.action.restore'),
        danger: false,
        onConfirm: async () => {
          await restoreClient(c.id);
          void message.success(t('client.restored'));
          await changed();
        },
      },
    },
    {
      key: 'delete',
      label: t('common.delete'),
      permission: 'client.delete',
      hidden: Boolean(c.deleted),
      danger: true,
      confirm: {
        title: t('client.action.deleteTitle', { name: c.name }),
        content: t('client.action.deleteText'),
        okText: t('common.delete'),
        onConfirm: async () => {
          await deleteClient(c.id);
          void message.success(t('common.deleted'));
          onDeleted?.(c.id);
          await changed();
        },
      },
    },
  ];

  /** A bulk action that asks for input: resolves with the per-id result, or null when cancelled. */
  const requestBulk = (kind: BulkKind, ids: number[]) =>
    new Promise<BulkResult | null>((resolve) => {
      pendingBulk.current?.(null);
      pendingBulk.current = resolve;
      setDialog({ scope: 'bulk', kind, ids });
    });

  const finishDialog = (result: BulkResult | null, cancelled: boolean) => {
    setDialog(null);
    const resolve = pendingBulk.current;
    pendingBulk.current = null;
    resolve?.(cancelled ? null : result);
    if (!cancelled) void changed();
  };

  const element: ReactNode = (
    <Suspense fallback={null}>
      {dialog ? (
        <ClientActionDialog
          key={`${dialog.scope}-${dialog.kind}`}
          request={dialog}
          onCancel={() => finishDialog(null, true)}
          onDone={(result) => finishDialog(result, false)}
        />
      ) : null}
      {form ? (
        <ClientFormDrawer
          target={form}
          onClosed={() => setForm(null)}
          onSaved={() => void changed()}
          onOpenClient={(id) => {
            setForm(null);
            onOpenClient?.(id);
          }}
        />
      ) : null}
      {outbound?.kind === 'call' ? (
        <CallPanel
          clientId={outbound.client.id}
          clientName={outbound.client.name}
          onClose={() => setOutbound(null)}
        />
      ) : null}
      {outbound?.kind === 'sms' ? (
        <SendSmsDialog
          clientId={outbound.client.id}
          clientName={outbound.client.name}
          onClose={() => setOutbound(null)}
        />
      ) : null}
      {followUpOf ? (
        <FollowUpFormDrawer
          target={{ mode: 'create', client: followUpOf }}
          onClosed={() => setFollowUpOf(null)}
          onSaved={() => void changed()}
        />
      ) : null}
    </Suspense>
  );

  return {
    actionsFor,
    element,
    requestBulk,
    openCreate: () => setForm({ mode: 'create' }),
    openEdit,
    openFollowUp: (c: ClientLike) => setFollowUpOf(c),
    openOutbound: (kind: 'call' | 'sms', c: ClientLike) => setOutbound({ kind, client: c }),
    /** Refreshes every client list, detail and follow-up list. */
    refresh,
  };
};

export type ClientActions = ReturnType<typeof useClientActions>;
