import type { JobInfo, JobRunRow } from '@educrm/contract/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { App, Table, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../api/list';
import { jobKeys, listJobs, pauseJob, runJobNow } from '../../../api/system';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import { parseTime } from '../../../utils/time';
import { labelOr } from '../audit-log/actions';
import '../system.css';

const RUN = 'system.job.run';
const RUN_TONES: Record<string, Tone> = {
  SUCCESS: 'success',
  FAILED: 'error',
  RUNNING: 'info',
  INTERRUPTED: 'warning',
};
const SCHEDULE_TONES: Record<string, Tone> = { ACTIVE: 'success', PAUSED: 'warning' };
const time = (iso: string | null) => (iso ? parseTime(iso, '{y}-{m}-{d} {h}:{i}:{s}') : '-');

/** One job's whole list in one page, searched by name on this side (the server answers every job). */
const fetchJobs = async (params: ListParams) => {
  const { items } = await listJobs();
  const name = typeof params.name === 'string' ? params.name.toLowerCase() : '';
  const kind = params.kind;
  const rows = items.filter(
    (j) =>
      (!name || j.name.toLowerCase().includes(name)) &&
      (!kind || (kind === 'scheduled' ? j.cron !== null : j.cron === null)),
  );
  return { items: rows, total: rows.length, page: 1, pageSize: rows.length };
};

/** System > Jobs: the durable queue's jobs and schedules, their last runs, run now, pause and resume. */
const JobListPage = () => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
  const jobLabel = (name: string) => labelOr(i18n, `system.job.name_${name.replace(/[.-]/g, '_')}`, name);
  /** A run's counts ({ recycled: 3, reminded: 1 }) in the viewer's language; an unknown one as its code. */
  const countsText = (c: Record<string, number> | null) =>
    c
      ? Object.entries(c)
          .map(([k, v]) =>
            i18n.exists(`system.job.count_${k}`) ? t(`system.job.count_${k}`, { n: v }) : `${k} ${v}`,
          )
          .join(' · ')
      : '';

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'name', label: t('system.job.name') },
      {
        type: 'select',
        name: 'kind',
        label: t('system.job.kind'),
        options: [
          { value: 'scheduled', label: t('system.job.kind_scheduled') },
          { value: 'queued', label: t('system.job.kind_queued') },
        ],
      },
    ],
    [t],
  );

  const runTag = (r: JobRunRow) => (
    <StatusTag value={r.status} i18nPrefix="system.job.status" tones={RUN_TONES} />
  );

  const columns: ResourceColumn<JobInfo>[] = [
    {
      key: 'name',
      title: t('system.job.name'),
      render: (_, j) => (
        <>
          {jobLabel(j.name)}
          <code className="system-cell-sub">{j.name}</code>
        </>
      ),
    },
    {
      key: 'schedule',
      title: t('system.job.schedule'),
      render: (_, j) =>
        j.cron ? (
          <>
            <code>{j.cron}</code>
            <span className="system-cell-sub">{j.timeZone}</span>
          </>
        ) : (
          <span className="system-cell-sub">{t('system.job.kind_queued')}</span>
        ),
    },
    {
      key: 'state',
      title: t('system.job.state'),
      render: (_, j) =>
        j.cron ? (
          <StatusTag
            value={j.paused ? 'PAUSED' : 'ACTIVE'}
            i18nPrefix="system.job.sched"
            tones={SCHEDULE_TONES}
          />
        ) : (
          '-'
        ),
    },
    {
      key: 'queue',
      title: t('system.job.queue'),
      render: (_, j) => t('system.job.queueCounts', { queued: j.queued, active: j.active, failed: j.failed }),
    },
    {
      key: 'lastRun',
      title: t('system.job.lastRun'),
      render: (_, j) => {
        const r = j.lastRuns[0];
        if (!r) return <span className="system-cell-sub">{t('system.job.never')}</span>;
        return (
          <div data-testid={`last-run-${j.name}`}>
            {runTag(r)} {time(r.startedAt)}
            <span className="system-cell-sub">
              {t(`system.job.trigger_${r.trigger}`)}
              {r.counts ? ` · ${countsText(r.counts)}` : ''}
            </span>
            {r.error ? (
              <Tooltip title={r.error}>
                <span className="system-cell-sub job-error">{r.error.slice(0, 60)}</span>
              </Tooltip>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      permission: RUN,
      render: (_, j) => (
        <RowActions
          label={jobLabel(j.name)}
          inline={2}
          actions={[
            {
              key: 'run',
              label: t('system.job.runNow'),
              permission: RUN,
              hidden: !j.cron,
              onClick: async () => {
                await runJobNow(j.name);
                void message.success(t('system.job.queued'));
                await refresh();
                // The run shows up once a worker has taken it (a second or two).
                for (const ms of [1500, 4000, 8000]) setTimeout(() => void refresh(), ms);
              },
            },
            {
              key: 'pause',
              label: j.paused ? t('system.job.resume') : t('system.job.pause'),
              permission: RUN,
              hidden: !j.cron,
              onClick: async () => {
                await pauseJob(j.name, !j.paused);
                void message.success(j.paused ? t('system.job.resumed') : t('system.job.pausedOk'));
                await refresh();
              },
            },
          ]}
        />
      ),
    },
  ];

  const runColumns = [
    {
      key: 'startedAt',
      title: t('system.job.startedAt'),
      render: (_: unknown, r: JobRunRow) => time(r.startedAt),
    },
    {
      key: 'finishedAt',
      title: t('system.job.finishedAt'),
      render: (_: unknown, r: JobRunRow) => time(r.finishedAt),
    },
    { key: 'status', title: t('system.job.state'), render: (_: unknown, r: JobRunRow) => runTag(r) },
    {
      key: 'trigger',
      title: t('system.job.trigger'),
      render: (_: unknown, r: JobRunRow) => t(`system.job.trigger_${r.trigger}`),
    },
    { key: 'attempt', title: t('system.job.attempt'), dataIndex: 'attempt' },
    {
      key: 'counts',
      title: t('system.job.counts'),
      render: (_: unknown, r: JobRunRow) => countsText(r.counts),
    },
    { key: 'error', title: t('system.job.error'), render: (_: unknown, r: JobRunRow) => r.error ?? '' },
  ];

  return (
    <div className="system-page" data-testid="job-list-page">
      <h1 className="visually-hidden">{t('route.systemJobList')}</h1>
      <ResourceTable<JobInfo>
        tableKey="system.jobs"
        title={t('route.systemJobList')}
        queryKey={jobKeys.all}
        fetch={fetchJobs}
        paginated={false}
        columns={columns}
        rowKey={(j) => j.name}
        rowLabel={(j) => jobLabel(j.name)}
        filters={filters}
        tableProps={{
          expandable: {
            rowExpandable: (j) => j.lastRuns.length > 0,
            expandedRowRender: (j) => (
              <Table<JobRunRow>
                size="small"
                rowKey="id"
                pagination={false}
                columns={runColumns}
                dataSource={j.lastRuns}
                aria-label={t('system.job.runs', { name: jobLabel(j.name) })}
              />
            ),
          },
        }}
      />
    </div>
  );
};

export default JobListPage;
