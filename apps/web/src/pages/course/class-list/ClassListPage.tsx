import { CLASS_STATUSES, CLASS_TRANSITIONS, type ClassRow, type ClassStatus } from '@educrm/contract/courses';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  bulkClassStatus,
  CLASSES_EXPORT_URL,
  copyClass,
  courseKeys,
  createClass,
  listClasses,
  setClassStatus,
  updateClass,
} from '../../../api/courses';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { useProductFilter } from '../../order/shared/lookups';
import { type AskField, AskModal } from '../shared/AskModal';
import { statusColumn } from '../shared/columns';
import { CLASS_TONES } from '../shared/display';
import { codeFilter, lookupFilter, textFilter } from '../shared/filters';
import { useCourseDicts, useCourseStaff } from '../shared/lookups';
import '../../order/shared/order.css';

const WRITE = 'course.class.write';
const day = (v: unknown) => (v ? dayjs(v as string | Dayjs).format('YYYY-MM-DD') : null);

/** 班级 (DOMAIN 6.3): filters, status moves, copy, bulk status, export; the students link opens 班级学员. */
const ClassListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ClassRow | 'new' | null>(null);
  const [copying, setCopying] = useState<ClassRow | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const status = (s: string) => t(`course.klass.statuses.${s}`);
  const current = editing && editing !== 'new' ? editing : null;
  const products = useProductFilter(current?.spuId ?? undefined);
  const staff = useCourseStaff(
    current
      ? [
          ...(current.headTeacher ? [current.headTeacher.id] : []),
          ...current.teachers.map((x) => x.id),
          ...current.assistants.map((x) => x.id),
        ]
      : [],
  );
  const dicts = useCourseDicts();

  const filters = useMemo<FilterField[]>(
    () => [
      textFilter('keyword', t('course.keyword'), t('course.klass.keywordHint')),
      codeFilter(t, 'status', t('course.status'), CLASS_STATUSES, 'course.klass.statuses'),
      lookupFilter('spuId', t('course.product'), products.options, products.isFetching, products.onSearch),
      lookupFilter('gradeId', t('course.klass.grade'), dicts.grades, dicts.isFetching),
      lookupFilter('teacherId', t('course.klass.teacher'), staff.options, staff.isFetching, staff.onSearch),
      { type: 'dateRange', name: 'start', label: t('course.klass.start'), from: 'startFrom', to: 'startTo' },
      {
        type: 'select',
        name: 'overCapacity',
        label: t('course.klass.over'),
        options: [{ value: 'true', label: t('course.klass.over') }],
      },
    ],
    [t, products.options, products.isFetching, products.onSearch, dicts.grades, dicts.isFetching, staff],
  );

  const columns: ResourceColumn<ClassRow>[] = [
    {
      key: 'name',
      title: t('course.klass.name'),
      sortField: 'name',
      render: (_, c) => (
        <>
          <div>{c.name}</div>
          <div className="order-sub">{c.code}</div>
        </>
      ),
    },
    { key: 'product', title: t('course.product'), render: (_, c) => c.spuName ?? '-' },
    {
      key: 'headTeacher',
      title: t('course.klass.headTeacher'),
      render: (_, c) => c.headTeacher?.name ?? '-',
    },
    {
      key: 'students',
      title: t('course.klass.students'),
      sortField: 'studentCount',
      render: (_, c) => (
        <>
          {c.studentCount} / {c.capacity || '∞'}{' '}
          {c.overCapacity ? <Tag color="error">{t('course.klass.over')}</Tag> : null}
        </>
      ),
    },
    {
      key: 'start',
      title: t('course.klass.start'),
      sortField: 'startDate',
      render: (_, c) => c.startDate ?? '-',
    },
    { key: 'end', title: t('course.klass.end'), render: (_, c) => c.endDate ?? '-' },
    statusColumn(t('course.status'), 'course.klass.statuses', CLASS_TONES),
    {
      key: 'actions',
      title: t('course.actions'),
      locked: true,
      render: (_, c) => (
        <RowActions
          label={c.name}
          inline={2}
          actions={[
            {
              key: 'students',
              label: t('course.klass.studentsLink'),
              onClick: () => navigate(`/course/student-list?classId=${c.id}`),
            },
            { key: 'edit', label: t('course.klass.edit'), permission: WRITE, onClick: () => setEditing(c) },
            {
              key: 'live',
              label: t('course.klass.liveLink'),
              onClick: () => navigate(`/course/live-class-list?classId=${c.id}`),
            },
            { key: 'copy', label: t('course.klass.copy'), permission: WRITE, onClick: () => setCopying(c) },
            ...CLASS_TRANSITIONS[c.status].map((to) => ({
              key: `status-${to}`,
              label: t('course.klass.moveTo', { status: status(to) }),
              permission: WRITE,
              confirm: {
                title: t('course.klass.moveTo', { status: status(to) }),
                danger: to === 'ARCHIVED',
                onConfirm: () => setClassStatus(c.id, to, c.version).then(refresh),
              },
            })),
          ]}
        />
      ),
    },
  ];

  const classFields: AskField[] = [
    { name: 'name', label: t('course.klass.name'), type: 'text', required: true },
    {
      name: 'code',
      label: t('course.klass.code'),
      type: 'text',
      required: true,
      hint: t('course.klass.codeHint'),
    },
    {
      name: 'spuId',
      label: t('course.product'),
      type: 'select',
      hint: t('course.klass.productHint'),
      options: products.options,
      loading: products.isFetching,
      onSearch: products.onSearch,
    },
    { name: 'gradeId', label: t('course.klass.grade'), type: 'select', options: dicts.grades },
    {
      name: 'headTeacherId',
      label: t('course.klass.headTeacher'),
      type: 'select',
      options: staff.options,
      loading: staff.isFetching,
      onSearch: staff.onSearch,
    },
    {
      name: 'teacherIds',
      label: t('course.klass.teachers'),
      type: 'select',
      multiple: true,
      options: staff.options,
      loading: staff.isFetching,
      onSearch: staff.onSearch,
    },
    {
      name: 'assistantIds',
      label: t('course.klass.assistants'),
      type: 'select',
      multiple: true,
      options: staff.options,
      loading: staff.isFetching,
      onSearch: staff.onSearch,
    },
    {
      name: 'capacity',
      label: t('course.klass.capacity'),
      type: 'number',
      hint: t('course.klass.capacityHint'),
    },
    { name: 'startDate', label: t('course.klass.start'), type: 'date' },
    { name: 'endDate', label: t('course.klass.end'), type: 'date' },
    { name: 'schedule', label: t('course.klass.schedule'), type: 'textarea' },
  ];

  return (
    <div className="order-page" data-testid="class-list-page">
      <h1 className="visually-hidden">{t('route.courseClassList')}</h1>
      <ResourceTable<ClassRow>
        tableKey="course.classes"
        title={t('route.courseClassList')}
        queryKey={courseKeys.classes}
        fetch={listClasses}
        columns={columns}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        filters={filters}
        defaultSort="-createdAt"
        toolbar={
          can(WRITE) ? (
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('course.klass.create')}
            </Button>
          ) : null
        }
        bulkActions={(['ENROLLING', 'IN_PROGRESS', 'FINISHED', 'ARCHIVED'] as ClassStatus[]).map((s) => ({
          key: `bulk-${s}`,
          label: t('course.klass.moveTo', { status: status(s) }),
          permission: WRITE,
          run: (ids) => bulkClassStatus(ids.map(Number), s).finally(refresh),
        }))}
        export={{ url: CLASSES_EXPORT_URL, permission: 'course.class.export', fileName: 'classes.xlsx' }}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <AskModal
        open={editing !== null}
        title={editing === 'new' ? t('course.klass.create') : t('course.klass.edit')}
        fields={classFields}
        wide
        initial={
          editing && editing !== 'new'
            ? {
                name: editing.name,
                code: editing.code,
                capacity: editing.capacity,
                spuId: editing.spuId ?? undefined,
                gradeId: editing.gradeId ?? undefined,
                headTeacherId: editing.headTeacher?.id,
                teacherIds: editing.teachers.map((x) => x.id),
                assistantIds: editing.assistants.map((x) => x.id),
                startDate: editing.startDate ? dayjs(editing.startDate) : undefined,
                endDate: editing.endDate ? dayjs(editing.endDate) : undefined,
                schedule: editing.schedule,
              }
            : { capacity: 0 }
        }
        key={editing === null || editing === 'new' ? 'new' : editing.id}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const id = (x: unknown) => (x == null || x === '' ? null : Number(x));
          const idList = (x: unknown) => (Array.isArray(x) ? x.map(Number) : []);
          const body = {
            name: String(v.name ?? ''),
            code: String(v.code ?? ''),
            spuId: id(v.spuId),
            gradeId: id(v.gradeId),
            headTeacherId: id(v.headTeacherId),
            teacherIds: idList(v.teacherIds),
            assistantIds: idList(v.assistantIds),
            capacity: Number(v.capacity ?? 0),
            startDate: day(v.startDate),
            endDate: day(v.endDate),
            schedule: String(v.schedule ?? ''),
          };
          if (editing === 'new' || editing === null) await createClass(body);
          else
            await updateClass(editing.id, {
              ...body,
              skuId: body.spuId === editing.spuId ? editing.skuId : null,
              termNo: editing.termNo,
              subject: editing.subject,
              wecomGroupChatId: editing.wecomGroupChatId,
              remark: editing.remark,
              version: editing.version,
            });
          await refresh();
        }}
      />
      <AskModal
        open={copying !== null}
        title={t('course.klass.copy')}
        fields={[{ name: 'code', label: t('course.klass.copyCode'), type: 'text', required: true }]}
        onClose={() => setCopying(null)}
        onSubmit={async (v) => {
          if (copying) await copyClass(copying.id, String(v.code));
          await refresh();
        }}
      />
    </div>
  );
};

export default ClassListPage;
