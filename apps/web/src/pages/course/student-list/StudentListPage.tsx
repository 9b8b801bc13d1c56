import {
  type ClassStudentRow,
  type ImportResult,
  JOIN_TYPES,
  STUDENT_STATUSES,
} from '@educrm/contract/courses';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  addStudent,
  bulkTransfer,
  courseKeys,
  extendStudent,
  importStudents,
  listStudents,
  removeStudent,
  STUDENTS_EXPORT_URL,
  transferStudent,
} from '../../../api/courses';
import { showSuccess } from '../../../components/feedback';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { LazyClientDrawer } from '../../client/shared/LazyClientDrawer';
import { AskModal, ClassSelect } from '../shared/AskModal';
import { memberColumn, statusColumn } from '../shared/columns';
import { idParam, STUDENT_TONES } from '../shared/display';
import { ExtendModal } from '../shared/ExtendModal';
import { codeFilter, lookupFilter, textFilter } from '../shared/filters';
import { ImportResultModal } from '../shared/ImportResultModal';
import { useCourseStaff } from '../shared/lookups';
import '../../order/shared/order.css';

const WRITE = 'course.student.write';
type Asking =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'transfer'; row: ClassStudentRow }
  | {
      kind: 'bulkTransfer';
      ids: number[];
      resolve: (r: Awaited<ReturnType<typeof bulkTransfer>> | null) => void;
    }
  | { kind: 'extend'; row: ClassStudentRow }
  | null;

/**
 * 班级学员 (DOMAIN 6.3): one class at a time (the class picker, kept in the URL) with filters;
 * add by mobile, bulk import, transfer, remove, extend; siyu sees and moves own clients only.
 */
const StudentListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const classId = idParam(search.get('classId'));
  const [asking, setAsking] = useState<Asking>(null);
  const [clientOpen, setClientOpen] = useState<number | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const owners = useCourseStaff(idParam(search.get('ownerId')) ? [Number(search.get('ownerId'))] : []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });

  const filters = useMemo<FilterField[]>(
    () => [
      textFilter('keyword', t('course.keyword'), t('course.member.keywordHint')),
      codeFilter(t, 'status', t('course.status'), STUDENT_STATUSES, 'course.student.statuses'),
      codeFilter(t, 'joinType', t('course.student.joinType'), JOIN_TYPES, 'course.student.joinTypes'),
      lookupFilter('ownerId', t('course.student.owner'), owners.options, owners.isFetching, owners.onSearch),
      {
        type: 'numberRange',
        name: 'learned',
        label: t('course.student.learned'),
        min: 'learnedMin',
        max: 'learnedMax',
      },
    ],
    [t, owners],
  );
  const fetch = (params: Record<string, string | number | undefined>) => listStudents({ ...params, classId });

  const columns: ResourceColumn<ClassStudentRow>[] = [
    memberColumn(t('course.student.member')),
    { key: 'klass', title: t('course.student.klass'), render: (_, s) => s.className },
    { key: 'client', title: t('course.student.client'), render: (_, s) => s.clientName ?? '-' },
    { key: 'owner', title: t('course.student.owner'), render: (_, s) => s.clientOwnerName ?? '-' },
    {
      key: 'joinType',
      title: t('course.student.joinType'),
      render: (_, s) => t(`course.student.joinTypes.${s.joinType}`),
    },
    {
      key: 'joinedAt',
      title: t('course.student.joinedAt'),
      sortField: 'joinedAt',
      render: (_, s) => parseTime(s.joinedAt, '{y}-{m}-{d} {h}:{i}'),
    },
    {
      key: 'deadline',
      title: t('course.student.deadline'),
      sortField: 'deadline',
      render: (_, s) => (s.deadline ? parseTime(s.deadline, '{y}-{m}-{d}') : t('course.user.never')),
    },
    {
      key: 'attendance',
      title: t('course.student.attendance'),
      dataIndex: 'attendanceCount',
      align: 'right',
    },
    { key: 'order', title: t('course.student.order'), render: (_, s) => s.orderNo ?? '-' },
    statusColumn(t('course.status'), 'course.student.statuses', STUDENT_TONES),
    {
      key: 'actions',
      title: t('course.actions'),
      locked: true,
      render: (_, s) => (
        <RowActions
          label={s.memberNickname || s.mobile}
          actions={[
            {
              key: 'transfer',
              label: t('course.student.transfer'),
              permission: WRITE,
              hidden: s.status !== 'NORMAL',
              onClick: () => setAsking({ kind: 'transfer', row: s }),
            },
            {
              key: 'extend',
              label: t('course.student.extend'),
              permission: WRITE,
              hidden: s.status !== 'NORMAL' && s.status !== 'EXPIRED',
              onClick: () => setAsking({ kind: 'extend', row: s }),
            },
            {
              key: 'client',
              label: t('course.student.viewClient'),
              permission: 'client.list',
              hidden: s.clientId === null,
              onClick: () => setClientOpen(s.clientId),
            },
            {
              key: 'remove',
              label: t('course.student.remove'),
              permission: WRITE,
              hidden: s.status !== 'NORMAL',
              confirm: {
                title: t('course.student.removeConfirm'),
                onConfirm: () => removeStudent(s.id).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="order-page" data-testid="student-list-page">
      <h1 className="visually-hidden">{t('route.courseStudentList')}</h1>
      <Space style={{ marginBottom: 12 }} wrap>
        <span>{t('course.student.klass')}</span>
        <ClassSelect
          value={classId}
          onChange={(v) => {
            const next = new URLSearchParams(search);
            if (v) next.set('classId', String(v));
            else next.delete('classId');
            next.delete('page');
            setSearch(next, { replace: true });
          }}
        />
      </Space>
      <ResourceTable<ClassStudentRow>
        tableKey="course.students"
        title={t('route.courseStudentList')}
        queryKey={[...courseKeys.students, classId ?? null]}
        fetch={fetch}
        columns={columns}
        rowKey={(s) => s.id}
        rowLabel={(s) => s.memberNickname || s.mobile}
        filters={filters}
        defaultSort="-joinedAt"
        toolbar={
          can(WRITE) && classId ? (
            <Space>
              <Button type="primary" onClick={() => setAsking({ kind: 'add' })}>
                {t('course.student.add')}
              </Button>
              <Button onClick={() => setAsking({ kind: 'import' })}>{t('course.student.import')}</Button>
            </Space>
          ) : null
        }
        bulkActions={[
          {
            key: 'bulkTransfer',
            label: t('course.student.bulkTransfer'),
            permission: WRITE,
            run: (ids) =>
              new Promise((resolve) => setAsking({ kind: 'bulkTransfer', ids: ids.map(Number), resolve })),
          },
        ]}
        export={{
          url: STUDENTS_EXPORT_URL,
          permission: 'course.student.export',
          fileName: 'class-students.xlsx',
        }}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <AskModal
        open={asking?.kind === 'add'}
        title={t('course.student.add')}
        fields={[{ name: 'mobile', label: t('course.mobile'), type: 'text', required: true }]}
        onClose={() => setAsking(null)}
        onSubmit={async (v) => {
          if (classId) await addStudent(classId, String(v.mobile));
          showSuccess(t('course.done'));
          await refresh();
        }}
      />
      <AskModal
        open={asking?.kind === 'import'}
        title={t('course.student.import')}
        fields={[
          {
            name: 'mobiles',
            label: t('course.mobile'),
            type: 'textarea',
            required: true,
            hint: t('course.student.importHint'),
          },
        ]}
        onClose={() => setAsking(null)}
        onSubmit={async (v) => {
          if (!classId) return;
          const mobiles = String(v.mobiles)
            .split(/[\s,;，；]+/)
            .filter(Boolean);
          setImported(await importStudents(classId, mobiles));
          await refresh();
        }}
      />
      <AskModal
        open={asking?.kind === 'transfer' || asking?.kind === 'bulkTransfer'}
        title={
          asking?.kind === 'bulkTransfer' ? t('course.student.bulkTransfer') : t('course.student.transfer')
        }
        fields={[{ name: 'toClassId', label: t('course.student.toClass'), type: 'class', required: true }]}
        onClose={() => {
          if (asking?.kind === 'bulkTransfer') asking.resolve(null);
          setAsking(null);
        }}
        onSubmit={async (v) => {
          const to = Number(v.toClassId);
          if (asking?.kind === 'transfer') await transferStudent(asking.row.id, to);
          if (asking?.kind === 'bulkTransfer') asking.resolve(await bulkTransfer(asking.ids, to));
          await refresh();
        }}
      />
      <ExtendModal
        row={asking?.kind === 'extend' ? asking.row : null}
        extend={extendStudent}
        onClose={() => setAsking(null)}
        onDone={refresh}
      />
      <LazyClientDrawer clientId={clientOpen} onClose={() => setClientOpen(null)} />
      <ImportResultModal result={imported} onClose={() => setImported(null)} />
    </div>
  );
};

export default StudentListPage;
