import { COURSE_USER_SOURCES, COURSE_USER_STATUSES, type CourseUserRow } from '@educrm/contract/courses';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COURSE_USERS_EXPORT_URL,
  courseKeys,
  extendCourseUser,
  grantCourse,
  listCourseUsers,
  revokeCourseUser,
} from '../../../api/courses';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { useProductFilter } from '../../order/shared/lookups';
import { OrderDrawer } from '../../order/shared/OrderDrawer';
import { AskModal } from '../shared/AskModal';
import { memberColumn, statusColumn } from '../shared/columns';
import { USER_TONES } from '../shared/display';
import { ExtendModal } from '../shared/ExtendModal';
import { codeFilter, lookupFilter, textFilter } from '../shared/filters';
import '../../order/shared/order.css';

const WRITE = 'course.user.write';
type Asking = { kind: 'grant' } | { kind: 'extend' | 'revoke'; row: CourseUserRow } | null;

/** 课程用户 (DOMAIN 6.3): entitlements by product, status, source, expiry range, mobile; admin extends, revokes, grants. */
const CourseUserListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const products = useProductFilter(undefined);
  const [asking, setAsking] = useState<Asking>(null);
  const [orderOpen, setOrderOpen] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });

  const filters = useMemo<FilterField[]>(
    () => [
      lookupFilter('spuId', t('course.product'), products.options, products.isFetching, products.onSearch),
      textFilter('mobile', t('course.mobile'), t('course.member.keywordHint')),
      codeFilter(t, 'status', t('course.status'), COURSE_USER_STATUSES, 'course.user.statuses'),
      codeFilter(t, 'source', t('course.user.source'), COURSE_USER_SOURCES, 'course.user.sources'),
      {
        type: 'dateRange',
        name: 'expires',
        label: t('course.user.expires'),
        from: 'expiresFrom',
        to: 'expiresTo',
      },
    ],
    [t, products.options, products.isFetching, products.onSearch],
  );

  const columns: ResourceColumn<CourseUserRow>[] = [
    memberColumn(t('course.user.member')),
    { key: 'product', title: t('course.product'), render: (_, u) => u.spuName },
    { key: 'source', title: t('course.user.source'), render: (_, u) => t(`course.user.sources.${u.source}`) },
    {
      key: 'grantedAt',
      title: t('course.user.granted'),
      sortField: 'grantedAt',
      render: (_, u) => parseTime(u.grantedAt, '{y}-{m}-{d} {h}:{i}'),
    },
    {
      key: 'expiresAt',
      title: t('course.user.expires'),
      sortField: 'expiresAt',
      render: (_, u) =>
        u.expiresAt ? parseTime(u.expiresAt, '{y}-{m}-{d} {h}:{i}') : t('course.user.never'),
    },
    { key: 'progress', title: t('course.user.progress'), render: (_, u) => `${u.progressPct}%` },
    { key: 'order', title: t('course.student.order'), render: (_, u) => u.orderNo ?? '-' },
    {
      key: 'reason',
      title: t('course.user.reason'),
      ellipsis: true,
      render: (_, u) => (u.reason === 'REFUND' ? t('course.user.refundReason') : u.reason || '-'),
    },
    statusColumn(t('course.status'), 'course.user.statuses', USER_TONES),
    {
      key: 'actions',
      title: t('course.actions'),
      locked: true,
      render: (_, u) => (
        <RowActions
          label={`${u.memberNickname || u.mobile} ${u.spuName}`}
          actions={[
            {
              key: 'order',
              label: t('course.user.viewOrder'),
              permission: 'order.list',
              hidden: u.orderId === null,
              onClick: () => setOrderOpen(u.orderId),
            },
            {
              key: 'extend',
              label: t('course.student.extend'),
              permission: WRITE,
              hidden: u.status === 'REVOKED',
              onClick: () => setAsking({ kind: 'extend', row: u }),
            },
            {
              key: 'revoke',
              label: t('course.user.revoke'),
              permission: WRITE,
              danger: true,
              hidden: u.status === 'REVOKED',
              onClick: () => setAsking({ kind: 'revoke', row: u }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="order-page" data-testid="course-user-list-page">
      <h1 className="visually-hidden">{t('route.courseUserList')}</h1>
      <ResourceTable<CourseUserRow>
        tableKey="course.users"
        title={t('route.courseUserList')}
        queryKey={courseKeys.users}
        fetch={listCourseUsers}
        columns={columns}
        rowKey={(u) => u.id}
        rowLabel={(u) => `${u.memberNickname || u.mobile} ${u.spuName}`}
        filters={filters}
        defaultSort="-grantedAt"
        toolbar={
          can(WRITE) ? (
            <Button type="primary" onClick={() => setAsking({ kind: 'grant' })}>
              {t('course.user.grant')}
            </Button>
          ) : null
        }
        export={{
          url: COURSE_USERS_EXPORT_URL,
          permission: 'course.user.export',
          fileName: 'course-users.xlsx',
        }}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <AskModal
        open={asking?.kind === 'grant'}
        title={t('course.user.grant')}
        fields={[
          { name: 'mobile', label: t('course.mobile'), type: 'text', required: true },
          {
            name: 'spuId',
            label: t('course.product'),
            type: 'select',
            required: true,
            options: products.options,
            loading: products.isFetching,
            onSearch: products.onSearch,
          },
          { name: 'expiresAt', label: t('course.user.expires'), type: 'datetime' },
          { name: 'reason', label: t('course.user.grantReason'), type: 'text', required: true },
        ]}
        onClose={() => setAsking(null)}
        onSubmit={async (v) => {
          await grantCourse({
            mobile: String(v.mobile),
            spuId: Number(v.spuId),
            expiresAt: (v.expiresAt as string | null) ?? null,
            reason: String(v.reason),
          });
          await refresh();
        }}
      />
      <ExtendModal
        row={asking?.kind === 'extend' ? asking.row : null}
        extend={extendCourseUser}
        onClose={() => setAsking(null)}
        onDone={refresh}
      />
      <AskModal
        open={asking?.kind === 'revoke'}
        title={t('course.user.revoke')}
        fields={[{ name: 'reason', label: t('course.user.revokeReason'), type: 'text', required: true }]}
        onClose={() => setAsking(null)}
        onSubmit={async (v) => {
          if (asking?.kind === 'revoke')
            await revokeCourseUser(asking.row.id, String(v.reason), asking.row.version);
          await refresh();
        }}
      />
      <OrderDrawer orderId={orderOpen} onClose={() => setOrderOpen(null)} />
    </div>
  );
};

export default CourseUserListPage;
