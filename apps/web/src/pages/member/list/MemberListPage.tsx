import {
  type ClassStudentRow,
  type CourseUserRow,
  type ImportResult,
  MEMBER_STATUSES,
  type MemberDetail,
  type MemberRow,
} from '@educrm/contract/courses';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Space, Table, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  courseKeys,
  createMember,
  getMember,
  importMembers,
  linkMemberClient,
  listMembers,
  MEMBERS_EXPORT_URL,
  revealMemberPhone,
  setMemberStatus,
} from '../../../api/courses';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { formatMoney } from '../../../utils/money';
import { parseTime } from '../../../utils/time';
import { useClientOptions } from '../../client/shared/clientOptions';
import { AskModal } from '../../course/shared/AskModal';
import { statusColumn } from '../../course/shared/columns';
import { MEMBER_TONES, STUDENT_TONES, USER_TONES } from '../../course/shared/display';
import { codeFilter, lookupFilter, textFilter } from '../../course/shared/filters';
import { ImportResultModal } from '../../course/shared/ImportResultModal';
import { useCourseDicts } from '../../course/shared/lookups';
import { MemberHours } from '../../course/timetable/MemberHours';
import { parseMemberLines } from './importLines';
import '../../order/shared/order.css';

const WRITE = 'member.write';
const when = (v: string | null) => parseTime(v, '{y}-{m}-{d} {h}:{i}') || '-';

/** The member drawer: profile, then orders, courses, classes and live attendance as tabs. */
const MemberDrawer = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const can = useCan();
  const [phone, setPhone] = useState<string | null>(null);
  const q = useQuery({
    queryKey: courseKeys.member(id ?? 0),
    queryFn: () => getMember(id ?? 0),
    enabled: id !== null,
  });
  const m = q.data;
  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setPhone(null);
        onClose();
      }}
      size={720}
      title={m ? `${m.nickname || m.mobile}` : ''}
      loading={q.isFetching && !m}
    >
      {m ? (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('course.mobile')}>
              {phone ?? m.mobile}{' '}
              {can('member.phone.view') && !phone ? (
                <Button
                  size="small"
                  type="link"
                  onClick={() => void revealMemberPhone(m.id).then((r) => setPhone(r.mobile))}
                >
                  {t('course.member.reveal')}
                </Button>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('course.status')}>
              <StatusTag value={m.status} i18nPrefix="course.member.statuses" tones={MEMBER_TONES} />
            </Descriptions.Item>
            <Descriptions.Item label={t('course.member.client')}>{m.clientName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('course.member.source')}>
              {t(`course.member.sources.${m.source}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('course.member.paid')}>{formatMoney(m.totalPaid)}</Descriptions.Item>
            <Descriptions.Item label={t('course.member.registered')}>
              {when(m.registeredAt)}
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'orders',
                label: `${t('course.member.tabs.orders')} (${m.orders.length})`,
                children: (
                  <Table<MemberDetail['orders'][number]>
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={m.orders}
                    columns={[
                      { key: 'no', title: t('course.member.orderNo'), dataIndex: 'orderNo' },
                      {
                        key: 'pay',
                        title: t('course.member.payAmount'),
                        align: 'right',
                        render: (_, o) => formatMoney(o.payAmount),
                      },
                      statusColumn(t('course.status'), 'order.status', undefined, 'st'),
                      { key: 'time', title: t('course.member.payTime'), render: (_, o) => when(o.payTime) },
                    ]}
                  />
                ),
              },
              {
                key: 'courses',
                label: `${t('course.member.tabs.courses')} (${m.entitlements.length})`,
                children: (
                  <Table<CourseUserRow>
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={m.entitlements}
                    columns={[
                      { key: 'p', title: t('course.product'), dataIndex: 'spuName' },
                      {
                        key: 's',
                        title: t('course.user.source'),
                        render: (_, u) => t(`course.user.sources.${u.source}`),
                      },
                      {
                        key: 'e',
                        title: t('course.user.expires'),
                        render: (_, u) => (u.expiresAt ? when(u.expiresAt) : t('course.user.never')),
                      },
                      statusColumn(t('course.status'), 'course.user.statuses', USER_TONES, 'st'),
                    ]}
                  />
                ),
              },
              {
                key: 'classes',
                label: `${t('course.member.tabs.classes')} (${m.classes.length})`,
                children: (
                  <Table<ClassStudentRow>
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={m.classes}
                    columns={[
                      { key: 'c', title: t('course.student.klass'), dataIndex: 'className' },
                      {
                        key: 'j',
                        title: t('course.student.joinType'),
                        render: (_, s) => t(`course.student.joinTypes.${s.joinType}`),
                      },
                      { key: 'a', title: t('course.student.joinedAt'), render: (_, s) => when(s.joinedAt) },
                      statusColumn(t('course.status'), 'course.student.statuses', STUDENT_TONES, 'st'),
                    ]}
                  />
                ),
              },
              {
                key: 'attendance',
                label: `${t('course.member.tabs.attendance')} (${m.attendance.length})`,
                children: (
                  <Table
                    size="small"
                    rowKey="sessionId"
                    pagination={false}
                    dataSource={m.attendance}
                    columns={[
                      { key: 't', title: t('course.live.title'), dataIndex: 'title' },
                      { key: 's', title: t('course.live.start'), render: (_, a) => when(a.scheduledStart) },
                      {
                        key: 'w',
                        title: t('course.live.watchMinutes'),
                        align: 'right',
                        render: (_, a) => Math.round(a.watchSeconds / 60),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'hours',
                label: t('teaching.hoursTitle'),
                children: <MemberHours memberId={m.id} />,
              },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
};

/** 用户管理 (DOMAIN 8): members with masked phones; detail drawer; admin enables, disables, exports. */
const MemberListPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const can = useCan();
  const [openId, setOpenId] = useState<number | null>(null);
  const [linking, setLinking] = useState<MemberRow | null>(null);
  const [asking, setAsking] = useState<'create' | 'import' | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const dicts = useCourseDicts();
  const clients = useClientOptions();
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.members });

  const filters = useMemo<FilterField[]>(
    () => [
      textFilter('keyword', t('course.keyword'), t('course.member.keywordHint')),
      codeFilter(t, 'status', t('course.status'), MEMBER_STATUSES, 'course.member.statuses'),
      lookupFilter('platformId', t('course.member.platform'), dicts.platforms, dicts.isFetching),
      {
        type: 'treeSelect',
        name: 'channelId',
        label: t('course.member.channel'),
        numeric: true,
        loading: dicts.isFetching,
        treeData: dicts.channels,
      },
      lookupFilter('gradeId', t('course.member.grade'), dicts.grades, dicts.isFetching),
      {
        type: 'select',
        name: 'hasPaid',
        label: t('course.member.hasPaid'),
        options: [
          { value: 'true', label: t('course.member.yes') },
          { value: 'false', label: t('course.member.no') },
        ],
      },
      {
        type: 'dateRange',
        name: 'registered',
        label: t('course.member.registered'),
        from: 'registeredFrom',
        to: 'registeredTo',
      },
    ],
    [t, dicts.platforms, dicts.channels, dicts.grades, dicts.isFetching],
  );

  const columns: ResourceColumn<MemberRow>[] = [
    {
      key: 'nickname',
      title: t('course.member.nickname'),
      render: (_, m) => (
        <Button type="link" size="small" onClick={() => setOpenId(m.id)}>
          {m.nickname || t('course.member.noNickname')}
        </Button>
      ),
    },
    { key: 'mobile', title: t('course.mobile'), dataIndex: 'mobile' },
    { key: 'client', title: t('course.member.client'), render: (_, m) => m.clientName ?? '-' },
    {
      key: 'source',
      title: t('course.member.source'),
      render: (_, m) => t(`course.member.sources.${m.source}`),
    },
    {
      key: 'orders',
      title: t('course.member.orders'),
      sortField: 'orderCount',
      align: 'right',
      dataIndex: 'orderCount',
    },
    {
      key: 'paid',
      title: t('course.member.paid'),
      sortField: 'totalPaid',
      align: 'right',
      render: (_, m) => formatMoney(m.totalPaid),
    },
    {
      key: 'registered',
      title: t('course.member.registered'),
      sortField: 'registeredAt',
      render: (_, m) => when(m.registeredAt),
    },
    statusColumn(t('course.status'), 'course.member.statuses', MEMBER_TONES),
    {
      key: 'actions',
      title: t('course.actions'),
      locked: true,
      render: (_, m) => (
        <RowActions
          label={m.nickname || m.mobile}
          actions={[
            { key: 'detail', label: t('course.member.detail'), onClick: () => setOpenId(m.id) },
            {
              key: 'disable',
              label: t('course.member.disable'),
              permission: WRITE,
              hidden: m.status !== 'ENABLED',
              confirm: {
                title: t('course.member.disable'),
                content: t('course.member.disableConfirm'),
                onConfirm: () => setMemberStatus(m.id, 'DISABLED', m.version).then(refresh),
              },
            },
            {
              key: 'enable',
              label: t('course.member.enable'),
              permission: WRITE,
              hidden: m.status !== 'DISABLED',
              onClick: () => void setMemberStatus(m.id, 'ENABLED', m.version).then(refresh),
            },
            {
              key: 'link',
              label: t('course.member.linkClient'),
              permission: WRITE,
              onClick: () => setLinking(m),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="order-page" data-testid="member-list-page">
      <h1 className="visually-hidden">{t('route.memberList')}</h1>
      <ResourceTable<MemberRow>
        tableKey="member.members"
        title={t('route.memberList')}
        queryKey={courseKeys.members}
        fetch={listMembers}
        columns={columns}
        rowKey={(m) => m.id}
        rowLabel={(m) => m.nickname || m.mobile}
        filters={filters}
        defaultSort="-registeredAt"
        toolbar={
          can(WRITE) ? (
            <Space>
              <Button type="primary" onClick={() => setAsking('create')}>
                {t('course.member.create')}
              </Button>
              <Button onClick={() => setAsking('import')}>{t('course.member.import')}</Button>
            </Space>
          ) : null
        }
        export={{ url: MEMBERS_EXPORT_URL, permission: 'member.export', fileName: 'members.xlsx' }}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <MemberDrawer id={openId} onClose={() => setOpenId(null)} />
      <AskModal
        open={asking === 'create'}
        title={t('course.member.create')}
        fields={[
          { name: 'mobile', label: t('course.mobile'), type: 'text', required: true },
          { name: 'nickname', label: t('course.member.nickname'), type: 'text' },
          { name: 'gradeId', label: t('course.member.grade'), type: 'select', options: dicts.grades },
          { name: 'remark', label: t('course.member.remark'), type: 'textarea' },
        ]}
        onClose={() => setAsking(null)}
        onSubmit={async (v) => {
          await createMember({
            mobile: String(v.mobile ?? ''),
            nickname: String(v.nickname ?? ''),
            gradeId: v.gradeId ? Number(v.gradeId) : null,
            remark: String(v.remark ?? ''),
          });
          await refresh();
        }}
      />
      <AskModal
        open={asking === 'import'}
        title={t('course.member.import')}
        fields={[
          {
            name: 'rows',
            label: t('course.member.importRows'),
            type: 'textarea',
            required: true,
            hint: t('course.member.importHint'),
          },
        ]}
        onClose={() => setAsking(null)}
        onSubmit={async (v) => {
          const rows = parseMemberLines(String(v.rows ?? ''));
          setImported(await importMembers(rows));
          await refresh();
        }}
      />
      <ImportResultModal result={imported} onClose={() => setImported(null)} />
      {can(WRITE) ? (
        <AskModal
          open={linking !== null}
          key={linking?.id ?? 0}
          title={`${t('course.member.linkClient')} · ${linking?.nickname || linking?.mobile || ''}`}
          fields={[
            {
              name: 'clientId',
              label: t('course.member.client'),
              type: 'select',
              hint: t('course.member.linkHint'),
              options: clients.options,
              loading: clients.isFetching,
              onSearch: clients.onSearch,
            },
          ]}
          initial={linking?.clientId ? { clientId: linking.clientId } : {}}
          onClose={() => setLinking(null)}
          onSubmit={async (v) => {
            if (!linking) return;
            await linkMemberClient(linking.id, v.clientId ? Number(v.clientId) : null, linking.version);
            await refresh();
          }}
        />
      ) : null}
    </div>
  );
};

export default MemberListPage;
