import { LIVE_STATUSES, type LiveSessionRow } from '@educrm/contract/courses';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Calendar, Drawer, Segmented, Spin, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  cancelLive,
  courseKeys,
  createLive,
  LIVE_ATTENDANCE_EXPORT_URL,
  listLive,
  liveAttendance,
  teacherLink,
  updateLive,
} from '../../../api/courses';
import { showSuccess } from '../../../components/feedback';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { AskModal } from '../shared/AskModal';
import { idParam, LIVE_TONES } from '../shared/display';
import { useClassSearch, useCourseStaff } from '../shared/lookups';
import { DEFAULT_LESSON_MINUTES, endAfterStart } from './lessonEnd';
import '../../order/shared/order.css';
import '../shared/course.css';

const WRITE = 'course.live.write';
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/** Attendance of one session, per member (masked phones). */
const AttendanceDrawer = ({ session, onClose }: { session: LiveSessionRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...courseKeys.live, 'attendance', session?.id ?? 0],
    queryFn: () => liveAttendance(session?.id ?? 0),
    enabled: session !== null,
  });
  return (
    <Drawer
      open={session !== null}
      onClose={onClose}
      size={640}
      title={`${t('course.live.attendance')} · ${session?.title ?? ''}`}
    >
      <Table
        size="small"
        rowKey="memberId"
        loading={q.isFetching}
        dataSource={q.data?.items ?? []}
        pagination={false}
        columns={[
          {
            key: 'm',
            title: t('course.student.member'),
            render: (_, a) => `${a.memberNickname || '-'} ${a.mobile}`,
          },
          {
            key: 'f',
            title: t('course.live.firstJoin'),
            render: (_, a) => parseTime(a.firstJoinAt, '{h}:{i}') || '-',
          },
          {
            key: 'l',
            title: t('course.live.lastLeave'),
            render: (_, a) => parseTime(a.lastLeaveAt, '{h}:{i}') || '-',
          },
          {
            key: 'w',
            title: t('course.live.watchMinutes'),
            align: 'right',
            render: (_, a) => Math.round(a.watchSeconds / 60),
          },
        ]}
      />
    </Drawer>
  );
};

/** A session on its calendar day; one that has begun opens its attendance (as in the list). */
const CalendarEntry = ({ s, onOpen }: { s: LiveSessionRow; onOpen: (s: LiveSessionRow) => void }) => {
  const label = (
    <>
      <Badge status={s.status === 'LIVE' ? 'processing' : s.status === 'ENDED' ? 'default' : 'success'} />
      {dayjs(s.scheduledStart).format('HH:mm')} {s.title}
    </>
  );
  return s.status === 'LIVE' || s.status === 'ENDED' ? (
    <Button type="link" size="small" title={s.title} onClick={() => onOpen(s)}>
      {label}
    </Button>
  ) : (
    <span className="live-calendar-day__entry" title={s.title}>
      {label}
    </span>
  );
};

/** Sessions of the month around `month`, drawn on the calendar (dimmed while they load). */
const LiveCalendar = ({ onOpen }: { onOpen: (s: LiveSessionRow) => void }) => {
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const from = month.startOf('month').subtract(7, 'day');
  const q = useQuery({
    queryKey: [...courseKeys.live, 'calendar', from.toISOString()],
    queryFn: () =>
      listLive({
        from: from.toISOString(),
        to: from.add(45, 'day').toISOString(),
        pageSize: 100,
        sort: 'scheduledStart',
      }),
  });
  const byDay = useMemo(() => {
    const m = new Map<string, LiveSessionRow[]>();
    for (const s of q.data?.items ?? []) {
      const k = dayjs(s.scheduledStart).format('YYYY-MM-DD');
      m.set(k, [...(m.get(k) ?? []), s]);
    }
    return m;
  }, [q.data]);
  return (
    <Spin spinning={q.isFetching}>
      {q.isError ? <Alert type="error" showIcon title={q.error.message} /> : null}
      <Calendar
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onSelect={(d) => setMonth(d)}
        cellRender={(d, info) =>
          info.type === 'date' ? (
            <ul className="live-calendar-day">
              {(byDay.get(d.format('YYYY-MM-DD')) ?? []).map((s) => (
                <li key={s.id}>
                  <CalendarEntry s={s} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          ) : (
            info.originNode
          )
        }
      />
    </Spin>
  );
};

/** 直播课堂 (DOMAIN 6.3): list and calendar; schedule, copy watch link, start (teacher link), cancel, attendance, replay. */
const LiveClassListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const [editing, setEditing] = useState<LiveSessionRow | 'new' | null>(null);
  const current = editing && editing !== 'new' ? editing : null;
  // The lesson's length (kept when its start moves) and the end filled in from the start, if any.
  const lessonMinutes = current
    ? dayjs(current.scheduledEnd).diff(dayjs(current.scheduledStart), 'minute')
    : DEFAULT_LESSON_MINUTES;
  const filledEnd = useRef<Dayjs | null>(null);
  const openEditor = (s: LiveSessionRow | 'new') => {
    filledEnd.current = s === 'new' ? null : dayjs(s.scheduledEnd);
    setEditing(s);
  };
  const [search] = useSearchParams();
  const urlClass = idParam(search.get('classId'));
  const classSearch = useClassSearch([...(urlClass ? [urlClass] : []), ...(current?.classIds ?? [])]);
  const staff = useCourseStaff(current?.teacherId ? [current.teacherId] : []);
  const [attendanceOf, setAttendanceOf] = useState<LiveSessionRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.live });

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'classId',
        label: t('course.live.classes'),
        numeric: true,
        loading: classSearch.isFetching,
        onSearch: classSearch.onSearch,
        options: classSearch.options,
      },
      {
        type: 'select',
        name: 'teacherId',
        label: t('course.live.teacher'),
        numeric: true,
        loading: staff.isFetching,
        onSearch: staff.onSearch,
        options: staff.options,
      },
      {
        type: 'select',
        name: 'status',
        label: t('course.status'),
        options: LIVE_STATUSES.map((s) => ({ value: s, label: t(`course.live.statuses.${s}`) })),
      },
      { type: 'dateRange', name: 'time', label: t('course.live.time'), from: 'from', to: 'to' },
    ],
    [t, classSearch, staff],
  );

  const copy = async (s: LiveSessionRow) => {
    await navigator.clipboard?.writeText(absolute(s.watchUrl)).catch(() => undefined);
    showSuccess(t('course.live.copied'));
  };

  const columns: ResourceColumn<LiveSessionRow>[] = [
    { key: 'title', title: t('course.live.title'), render: (_, s) => s.title },
    { key: 'classes', title: t('course.live.classes'), render: (_, s) => s.classNames.join('、') || '-' },
    { key: 'teacher', title: t('course.live.teacher'), render: (_, s) => s.teacherName ?? '-' },
    {
      key: 'time',
      title: t('course.live.time'),
      sortField: 'scheduledStart',
      render: (_, s) =>
        `${parseTime(s.scheduledStart, '{y}-{m}-{d} {h}:{i}')} – ${parseTime(s.scheduledEnd, '{h}:{i}')}`,
    },
    {
      key: 'status',
      title: t('course.status'),
      render: (_, s) => <StatusTag value={s.status} i18nPrefix="course.live.statuses" tones={LIVE_TONES} />,
    },
    {
      key: 'attendees',
      title: t('course.live.attendees'),
      sortField: 'attendeeCount',
      align: 'right',
      dataIndex: 'attendeeCount',
    },
    { key: 'avg', title: t('course.live.avgWatch'), align: 'right', dataIndex: 'avgWatchMinutes' },
    {
      key: 'replay',
      title: t('course.live.replay'),
      render: (_, s) =>
        s.replayStatus === 'READY' ? (
          <a href={absolute(s.replayUrl)} target="_blank" rel="noreferrer">
            {t('course.live.replayStatuses.READY')}
          </a>
        ) : (
          t(`course.live.replayStatuses.${s.replayStatus}`)
        ),
    },
    {
      key: 'actions',
      title: t('course.actions'),
      locked: true,
      render: (_, s) => (
        <RowActions
          label={s.title}
          actions={[
            {
              key: 'start',
              label: t('course.live.teacherLink'),
              permission: WRITE,
              hidden: s.status !== 'SCHEDULED' && s.status !== 'LIVE',
              onClick: () =>
                void teacherLink(s.id).then((r) => window.open(absolute(r.url), '_blank', 'noopener')),
            },
            {
              key: 'attendance',
              label: t('course.live.attendance'),
              hidden: s.status !== 'LIVE' && s.status !== 'ENDED',
              onClick: () => setAttendanceOf(s),
            },
            {
              key: 'copy',
              label: t('course.live.copyLink'),
              hidden: s.status === 'CANCELLED',
              onClick: () => void copy(s),
            },
            {
              key: 'edit',
              label: t('course.live.edit'),
              permission: WRITE,
              hidden: s.status !== 'SCHEDULED',
              onClick: () => openEditor(s),
            },
            {
              key: 'cancel',
              label: t('course.live.cancel'),
              permission: WRITE,
              hidden: s.status !== 'SCHEDULED',
              confirm: {
                title: t('course.live.cancelConfirm'),
                onConfirm: () => cancelLive(s.id).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="order-page" data-testid="live-list-page">
      <h1 className="visually-hidden">{t('route.courseLiveClassList')}</h1>
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={(v) => setView(v as 'list' | 'calendar')}
        options={[
          { value: 'list', label: t('course.live.list') },
          { value: 'calendar', label: t('course.live.calendar') },
        ]}
      />
      {view === 'calendar' ? (
        <div className="live-calendar">
          <LiveCalendar onOpen={setAttendanceOf} />
        </div>
      ) : (
        <ResourceTable<LiveSessionRow>
          tableKey="course.live"
          title={t('route.courseLiveClassList')}
          queryKey={courseKeys.live}
          fetch={listLive}
          columns={columns}
          rowKey={(s) => s.id}
          rowLabel={(s) => s.title}
          filters={filters}
          defaultSort="-scheduledStart"
          export={{
            url: LIVE_ATTENDANCE_EXPORT_URL,
            permission: 'course.live.export',
            fileName: 'live-attendance.xlsx',
            label: t('course.live.exportAttendance'),
          }}
          toolbar={
            can(WRITE) ? (
              <Button type="primary" onClick={() => openEditor('new')}>
                {t('course.live.schedule')}
              </Button>
            ) : null
          }
          tableProps={{ scroll: { x: 'max-content' } }}
        />
      )}
      <AskModal
        open={editing !== null}
        key={current?.id ?? 'new'}
        title={current ? t('course.live.edit') : t('course.live.schedule')}
        fields={[
          { name: 'title', label: t('course.live.title'), type: 'text', required: true },
          {
            name: 'classIds',
            label: t('course.live.classes'),
            type: 'select',
            multiple: true,
            required: true,
            options: [
              ...(current?.classIds ?? []).map((id, i) => ({
                value: id,
                label: current?.classNames[i] ?? String(id),
              })),
              ...classSearch.options.filter((o) => !current?.classIds.includes(Number(o.value))),
            ],
            loading: classSearch.isFetching,
            onSearch: classSearch.onSearch,
          },
          {
            name: 'teacherId',
            label: t('course.live.teacher'),
            type: 'select',
            options: staff.options,
            loading: staff.isFetching,
            onSearch: staff.onSearch,
          },
          {
            name: 'scheduledStart',
            label: t('course.live.start'),
            type: 'datetime',
            required: true,
            placement: 'topLeft',
          },
          { name: 'scheduledEnd', label: t('course.live.end'), type: 'datetime', required: true },
        ]}
        initial={
          current
            ? {
                title: current.title,
                classIds: current.classIds,
                teacherId: current.teacherId ?? undefined,
                scheduledStart: dayjs(current.scheduledStart),
                scheduledEnd: dayjs(current.scheduledEnd),
              }
            : {}
        }
        onValuesChange={(changed, form) => {
          if (!('scheduledStart' in changed)) return;
          const end = endAfterStart(
            changed.scheduledStart as Dayjs | null,
            form.getFieldValue('scheduledEnd') as Dayjs | null,
            filledEnd.current,
            lessonMinutes,
          );
          if (!end) return;
          filledEnd.current = end;
          form.setFieldValue('scheduledEnd', end);
        }}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const body = {
            title: String(v.title),
            classIds: (Array.isArray(v.classIds) ? v.classIds : []).map(Number),
            teacherId: v.teacherId ? Number(v.teacherId) : null,
            scheduledStart: String(v.scheduledStart),
            scheduledEnd: String(v.scheduledEnd),
          };
          if (current)
            await updateLive(current.id, { ...body, remark: current.remark, version: current.version });
          else await createLive(body);
          await refresh();
        }}
      />
      <AttendanceDrawer session={attendanceOf} onClose={() => setAttendanceOf(null)} />
    </div>
  );
};

export default LiveClassListPage;
