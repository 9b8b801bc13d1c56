import { ReloadOutlined } from '@ant-design/icons';
import type { ReadinessCheck, RecentErrorRow } from '@educrm/contract/ops';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { getServerInfo, opsKeys } from '../../../api/ops';
import { parseTime } from '../../../utils/time';
import '../system.css';
import { formatBytes, splitUptime } from './format';

/** System > Server: what an operator checks first (refreshed every 10 seconds). */
const ServerPage = () => {
  const { t, i18n } = useTranslation();
  const info = useQuery({ queryKey: opsKeys.server, queryFn: getServerInfo, refetchInterval: 10_000 });
  const d = info.data;
  const time = (iso: string) => parseTime(iso, '{y}-{m}-{d} {h}:{i}:{s}') ?? iso;
  const checkLabel = (name: string) =>
    i18n.exists(`system.server.check_${name}`) ? t(`system.server.check_${name}`) : name;
  const failing = d?.checks.filter((c) => !c.ok) ?? [];
  /** The built-in checks' details in the UI language; a module's check shows its own words. */
  const checkDetail = (c: ReadinessCheck) => {
    if (!c.ok) return c.detail;
    if (c.name === 'database' && d) return t(`system.server.dbKind_${d.database.kind}`);
    const applied = /^(\d+) applied$/.exec(c.detail);
    if (c.name === 'migrations' && applied)
      return t('system.server.migrationsApplied', { count: Number(applied[1]) });
    // The job queue's check (server jobs/ops.ts): "running, 12 jobs" or "running (sends only), 12 jobs".
    const queue = /^running( \(sends only\))?, (\d+) jobs$/.exec(c.detail);
    if (c.name === 'queue' && queue)
      return t(queue[1] ? 'system.server.queueSendsOnly' : 'system.server.queueRunning', {
        count: Number(queue[2]),
      });
    return c.detail === 'ok' ? t('system.server.ok') : c.detail;
  };

  return (
    <div className="system-page" data-testid="server-page">
      <h1 className="visually-hidden">{t('route.systemServer')}</h1>
      <Card
        title={t('system.server.overview')}
        extra={
          <Button icon={<ReloadOutlined />} loading={info.isFetching} onClick={() => void info.refetch()}>
            {t('system.server.refresh')}
          </Button>
        }
      >
        {failing.length > 0 && (
          <Alert
            className="system-notice"
            type="error"
            showIcon
            title={t('system.server.notReady', { checks: failing.map((c) => checkLabel(c.name)).join(', ') })}
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={
            d
              ? [
                  { key: 'version', label: t('system.server.version'), children: d.version },
                  { key: 'node', label: t('system.server.node'), children: d.nodeVersion },
                  {
                    key: 'host',
                    label: t('system.server.host'),
                    // The host's name is data (a machine's name), the process id's label is not.
                    children: (
                      <Trans
                        i18nKey="system.server.hostValue"
                        values={{ host: d.hostname, pid: d.pid }}
                        components={{ host: <span data-user-content /> }}
                      />
                    ),
                  },
                  { key: 'started', label: t('system.server.startedAt'), children: time(d.startedAt) },
                  {
                    key: 'uptime',
                    label: t('system.server.uptime'),
                    children: t('system.server.uptimeValue', splitUptime(d.uptimeSeconds)),
                  },
                ]
              : []
          }
        />
      </Card>
      <div className="system-server-grid">
        <Card title={t('system.server.database')} size="small">
          <Descriptions
            size="small"
            column={1}
            items={
              d
                ? [
                    {
                      key: 'kind',
                      label: t('system.server.dbKind'),
                      children: t(`system.server.dbKind_${d.database.kind}`),
                    },
                    { key: 'version', label: t('system.server.dbVersion'), children: d.database.version },
                    {
                      key: 'size',
                      label: t('system.server.dbSize'),
                      children: formatBytes(d.database.sizeBytes),
                    },
                    ...(d.database.pool
                      ? [
                          {
                            key: 'pool',
                            label: t('system.server.pool'),
                            children: t('system.server.poolValue', d.database.pool),
                          },
                        ]
                      : []),
                  ]
                : []
            }
          />
        </Card>
        <Card title={t('system.server.memory')} size="small">
          <Descriptions
            size="small"
            column={1}
            items={
              d
                ? [
                    { key: 'rss', label: t('system.server.rss'), children: formatBytes(d.memory.rssBytes) },
                    {
                      key: 'heap',
                      label: t('system.server.heap'),
                      children: `${formatBytes(d.memory.heapUsedBytes)} / ${formatBytes(d.memory.heapTotalBytes)}`,
                    },
                    {
                      key: 'external',
                      label: t('system.server.external'),
                      children: formatBytes(d.memory.externalBytes),
                    },
                  ]
                : []
            }
          />
        </Card>
      </div>
      <Card title={t('system.server.checks')} size="small">
        <Table<ReadinessCheck>
          rowKey="name"
          size="small"
          pagination={false}
          loading={info.isLoading}
          dataSource={d?.checks ?? []}
          columns={[
            { key: 'name', title: t('system.server.checkName'), render: (_, c) => checkLabel(c.name) },
            {
              key: 'state',
              title: t('system.server.checkState'),
              width: 120,
              render: (_, c) => (
                <Badge
                  status={c.ok ? 'success' : 'error'}
                  text={c.ok ? t('system.server.ok') : t('system.server.failing')}
                />
              ),
            },
            { key: 'detail', title: t('system.server.checkDetail'), render: (_, c) => checkDetail(c) },
          ]}
        />
      </Card>
      <Card title={t('system.server.recentErrors')} size="small">
        <Table<RecentErrorRow>
          rowKey={(r) => `${r.time}-${r.reqId ?? ''}-${r.msg}`}
          size="small"
          loading={info.isLoading}
          dataSource={d?.recentErrors ?? []}
          locale={{ emptyText: <span className="system-server-empty">{t('system.server.noErrors')}</span> }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { key: 'time', title: t('system.server.time'), width: 180, render: (_, r) => time(r.time) },
            {
              key: 'level',
              title: t('system.server.level'),
              width: 90,
              render: (_, r) => <Tag color={r.level === 'fatal' ? 'magenta' : 'red'}>{r.level}</Tag>,
            },
            {
              key: 'msg',
              title: t('system.server.message'),
              render: (_, r) => (
                <>
                  {r.msg}
                  {r.error && <span className="system-cell-sub">{r.error}</span>}
                </>
              ),
            },
            {
              key: 'reqId',
              title: t('system.server.requestId'),
              width: 300,
              render: (_, r) =>
                r.reqId ? (
                  <Typography.Text copyable code>
                    {r.reqId}
                  </Typography.Text>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
      <p className="system-muted">
        <Trans i18nKey="system.server.metricsHint" components={{ code: <code /> }} />
      </p>
    </div>
  );
};

export default ServerPage;
