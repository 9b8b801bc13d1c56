import type { SessionRow } from '@educrm/contract/system';
import { Button, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../../components/ConfirmAction';
import { parseTime } from '../../utils/time';

const at = (iso: string | null) => (iso ? parseTime(iso, '{y}-{m}-{d} {h}:{i}') : '-');

/** The browser of a user agent in a few words (the full string is in the tooltip). */
export const shortAgent = (agent: string | null): string => {
  if (!agent) return '-';
  const browser =
    /Edg\/[\d.]+/.exec(agent)?.[0] ??
    /(Chrome|Chromium|Firefox|Safari)\/[\d.]+/.exec(agent)?.[0] ??
    agent.slice(0, 40);
  const os = /Windows|Mac OS X|Android|iPhone|iPad|Linux/.exec(agent)?.[0];
  return os ? `${browser.replace(/\/([\d]+)[\d.]*/, ' $1')} · ${os}` : browser;
};

/**
 * Active sessions (sign-ins) of a user: when and where they started, last seen; "sign out" on each
 * but the current one. Used for the user's own sessions (profile) and for an admin's view of a user.
 */
export const SessionsTable = ({
  sessions,
  loading,
  onEnd,
  label,
}: {
  sessions: SessionRow[];
  loading: boolean;
  onEnd: (session: SessionRow) => Promise<unknown>;
  label: string;
}) => {
  const { t } = useTranslation();
  const ask = useConfirmAction();
  return (
    <Table<SessionRow>
      aria-label={label}
      size="small"
      rowKey="id"
      loading={loading}
      pagination={false}
      dataSource={sessions}
      columns={[
        {
          key: 'agent',
          title: t('sessions.device'),
          render: (_, s) => (
            <Tooltip title={s.userAgent ?? ''}>
              <span>{shortAgent(s.userAgent)}</span>
            </Tooltip>
          ),
        },
        { key: 'ip', title: t('sessions.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '-' },
        { key: 'createdAt', title: t('sessions.createdAt'), render: (_, s) => at(s.createdAt) },
        { key: 'lastSeenAt', title: t('sessions.lastSeenAt'), render: (_, s) => at(s.lastSeenAt) },
        { key: 'expiresAt', title: t('sessions.expiresAt'), render: (_, s) => at(s.expiresAt) },
        {
          key: 'actions',
          title: t('table.actions'),
          render: (_, s) =>
            s.current ? (
              <Tag className="status-tag status-tag--info">{t('sessions.current')}</Tag>
            ) : (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  void ask({
                    title: t('sessions.endTitle'),
                    content: t('sessions.endText', { device: shortAgent(s.userAgent), ip: s.ip ?? '-' }),
                    okText: t('sessions.end'),
                    onConfirm: () => onEnd(s),
                  })
                }
              >
                {t('sessions.end')}
              </Button>
            ),
        },
      ]}
    />
  );
};
