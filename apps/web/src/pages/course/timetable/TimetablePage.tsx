import { LESSON_STATUSES, type LessonRow } from '@educrm/contract/teaching';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cancelLesson, listLessons, listRooms, teachingKeys } from '../../../api/teaching';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag, type Tone } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { idParam } from '../shared/display';
import { useClassSearch, useCourseStaff } from '../shared/lookups';
import { LessonFormModal, type LessonFormMode } from './LessonFormModal';
import { RollCallDrawer } from './RollCallDrawer';
import { RoomsButton } from './RoomsButton';
import { WeekView } from './WeekView';
import '../../order/shared/order.css';
import '../shared/course.css';

const WRITE = 'course.lesson.write';
const TONES: Record<string, Tone> = { SCHEDULED: 'info', COMPLETED: 'success', CANCELLED: 'neutral' };

/** 课表 (docs/teaching.md): lessons as a list or a week; schedule one or a series, move, cancel, roll call. */
const TimetablePage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [view, setView] = useState<'list' | 'week'>('list');
  const [form, setForm] = useState<LessonFormMode | null>(null);
  const [rollCall, setRollCall] = useState<LessonRow | null>(null);
  const urlClass = idParam(search.get('classId'));
  const urlTeacher = idParam(search.get('teacherId'));
  const urlRoom = idParam(search.get('roomId'));
  const classSearch = useClassSearch(urlClass ? [urlClass] : []);
  const staff = useCourseStaff(urlTeacher ? [urlTeacher] : []);
  const rooms = useQuery({ queryKey: teachingKeys.rooms, queryFn: listRooms });
  const refresh = () => queryClient.invalidateQueries({ queryKey: teachingKeys.lessons });

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'select',
        name: 'classId',
        label: t('teaching.klass'),
        numeric: true,
        loading: classSearch.isFetching,
        onSearch: classSearch.onSearch,
        options: classSearch.options,
      },
      {
        type: 'select',
        name: 'teacherId',
        label: t('teaching.teacher'),
        numeric: true,
        loading: staff.isFetching,
        onSearch: staff.onSearch,
        options: staff.options,
      },
      {
        type: 'select',
        name: 'roomId',
        label: t('teaching.room'),
        numeric: true,
        options: (rooms.data?.items ?? []).map((r) => ({ value: r.id, label: r.name })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('teaching.status'),
        options: LESSON_STATUSES.map((s) => ({ value: s, label: t(`teaching.statuses.${s}`) })),
      },
      { type: 'dateRange', name: 'date', label: t('teaching.date'), from: 'from', to: 'to' },
    ],
    [t, classSearch, staff, rooms.data],
  );

  const columns: ResourceColumn<LessonRow>[] = [
    {
      key: 'time',
      title: t('teaching.time'),
      sortField: 'startsAt',
      render: (_, l) => `${l.date} ${l.startTime}-${l.endTime}`,
    },
    { key: 'class', title: t('teaching.klass'), render: (_, l) => l.className },
    { key: 'teacher', title: t('teaching.teacher'), render: (_, l) => l.teacherName ?? '-' },
    { key: 'assistant', title: t('teaching.assistant'), render: (_, l) => l.assistantName ?? '-' },
    {
      key: 'room',
      title: t('teaching.room'),
      render: (_, l) => (l.online ? t('teaching.online') : (l.roomName ?? '-')),
    },
    { key: 'hours', title: t('teaching.hours'), align: 'right', dataIndex: 'hours' },
    { key: 'topic', title: t('teaching.topic'), render: (_, l) => l.topic || '-' },
    { key: 'marked', title: t('teaching.marked'), align: 'right', dataIndex: 'marked' },
    {
      key: 'status',
      title: t('teaching.status'),
      render: (_, l) => <StatusTag value={l.status} i18nPrefix="teaching.statuses" tones={TONES} />,
    },
    {
      key: 'actions',
      title: t('teaching.actions'),
      locked: true,
      render: (_, l) => (
        <RowActions
          label={`${l.className} ${l.date}`}
          actions={[
            { key: 'roll', label: t('teaching.rollCallAction'), onClick: () => setRollCall(l) },
            {
              key: 'move',
              label: t('teaching.move'),
              permission: WRITE,
              hidden: l.status === 'CANCELLED',
              onClick: () => setForm({ kind: 'move', lesson: l }),
            },
            {
              key: 'cancel',
              label: t('teaching.cancel'),
              permission: WRITE,
              hidden: l.status === 'CANCELLED',
              confirm: {
                title: t('teaching.cancel'),
                onConfirm: () => cancelLesson(l.id, '', l.version).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  const toolbar = can(WRITE) ? (
    <Space wrap>
      <Button type="primary" onClick={() => setForm({ kind: 'lesson' })}>
        {t('teaching.newLesson')}
      </Button>
      <Button onClick={() => setForm({ kind: 'series' })}>{t('teaching.newSeries')}</Button>
      <RoomsButton />
    </Space>
  ) : null;

  return (
    <div className="order-page" data-testid="timetable-page">
      <h1 className="visually-hidden">{t('route.courseTimetable')}</h1>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'list' | 'week')}
          options={[
            { value: 'list', label: t('teaching.list') },
            { value: 'week', label: t('teaching.week') },
          ]}
        />
        {view === 'week' ? toolbar : null}
      </Space>
      {view === 'week' ? (
        <WeekView
          filters={{
            classId: urlClass ?? undefined,
            teacherId: urlTeacher ?? undefined,
            roomId: urlRoom ?? undefined,
          }}
          onOpen={setRollCall}
        />
      ) : (
        <ResourceTable<LessonRow>
          tableKey="teaching.lessons"
          title={t('route.courseTimetable')}
          queryKey={teachingKeys.lessons}
          fetch={listLessons}
          columns={columns}
          rowKey={(l) => l.id}
          rowLabel={(l) => `${l.className} ${l.date} ${l.startTime}`}
          filters={filters}
          defaultSort="startsAt"
          toolbar={toolbar}
          tableProps={{ scroll: { x: 'max-content' } }}
        />
      )}
      <LessonFormModal
        mode={form}
        classId={urlClass ?? undefined}
        onClose={() => setForm(null)}
        onSaved={() => void refresh()}
      />
      <RollCallDrawer lesson={rollCall} onClose={() => setRollCall(null)} />
    </div>
  );
};

export default TimetablePage;
