import type { WecomSyncRunRow } from '@educrm/contract/wecom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Empty, Progress, Skeleton, Table } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { listRuns, wecomKeys } from '../../../api/wecom';
import { parseTime } from '../../../utils/time';
import { RunStatusTag } from '../shared/labels';
import { isLive, runsEnded } from './runs';

const ORDER = ['departments', 'members', 'follow-users', 'contacts', 'relations', 'tags', 'links'];
const rank = (resource: string) => (ORDER.includes(resource) ? ORDER.indexOf(resource) : ORDER.length);

/** One run: status, stage, progress bar, API calls, counts per resource and the last errors. */
export const SyncRun = ({ run }: { run: WecomSyncRunRow }) => {
  const { t } = useTranslation();
  const { done, total } = run.progress;
  const percent = total
    ? Math.min(100, Math.round((done / total) * 100))
    : run.status === 'SUCCESS'
      ? 100
      : 0;
  const counts = Object.entries(run.counts)
    .map(([resource, c]) => ({ resource, ...c }))
    .sort((a, b) => rank(a.resource) - rank(b.resource));
  return (
    <section className="wecom-run" data-testid="wecom-sync-run" data-status={run.status}>
      <div className="wecom-run__head">
        <RunStatusTag value={run.status} />
        <span>{t(`wecom.enum.trigger.${run.trigger}`)}</span>
        <span className="wecom-sub">
          {t('wecom.run.stage')}: {t(`wecom.enum.stage.${run.stage}`, { defaultValue: run.stage })}
        </span>
        <span className="wecom-sub">
          {t('wecom.run.apiCalls')}: {run.apiCalls}
        </span>
        <span className="wecom-sub">
          {run.startedAt ? parseTime(run.startedAt, '{y}-{m}-{d} {h}:{i}:{s}') : t('wecom.run.notStarted')}
          {run.finishedAt ? ` → ${parseTime(run.finishedAt, '{h}:{i}:{s}')}` : ''}
        </span>
      </div>
      <Progress
        percent={percent}
        status={run.status === 'FAILED' ? 'exception' : isLive(run) ? 'active' : undefined}
        format={() => (total ? `${done} / ${total}` : String(done))}
        aria-label={t('wecom.run.progress')}
      />
      {counts.length ? (
        <Table
          size="small"
          pagination={false}
          rowKey="resource"
          aria-label={t('wecom.run.counts')}
          dataSource={counts}
          columns={[
            {
              key: 'resource',
              title: t('wecom.run.resource'),
              render: (_, c) => t(`wecom.enum.resource.${c.resource}`, { defaultValue: c.resource }),
            },
            { key: 'created', dataIndex: 'created', title: t('wecom.run.created') },
            { key: 'updated', dataIndex: 'updated', title: t('wecom.run.updated') },
            { key: 'deleted', dataIndex: 'deleted', title: t('wecom.run.deleted') },
            { key: 'failed', dataIndex: 'failed', title: t('wecom.run.failed') },
          ]}
        />
      ) : null}
      {run.errors.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={t('wecom.run.lastErrors')}
          description={
            <ul className="wecom-run__errors">
              {run.errors.map((e) => (
                <li key={`${e.at}-${e.api}-${e.errcode}`}>
                  {t(`wecom.enum.resource.${e.resource}`, { defaultValue: e.resource })} · {e.api} ·{' '}
                  {e.errcode} {e.errmsg}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </section>
  );
};

/**
 * The app's job log: the latest runs, polled every 1.5 s while one is queued or running. When a run
 * is seen ended, the app list (last sync) and the synced pages are asked again.
 */
export const SyncRuns = ({ appId }: { appId: number }) => {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: wecomKeys.runs(appId),
    queryFn: () => listRuns(appId),
    refetchInterval: (q) => (q.state.data?.items.some(isLive) ? 1500 : false),
  });
  // Each run's status in the previous answer (runsEnded).
  const seen = useRef<Map<number, string> | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const items = query.data.items;
    const ended = runsEnded(seen.current, items);
    seen.current = new Map(items.map((r) => [r.id, r.status]));
    if (ended)
      void qc.invalidateQueries({
        queryKey: wecomKeys.all,
        predicate: (q) => q.queryKey[3] !== 'runs',
      });
  }, [query.data, qc]);
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;
  if (!query.data.items.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wecom.run.none')} />;
  return (
    <div data-testid="wecom-sync-runs">
      {query.data.items.map((run) => (
        <SyncRun key={run.id} run={run} />
      ))}
    </div>
  );
};
