import '../shared/wecom.css';
import type { WecomMemberRow } from '@educrm/contract/wecom';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bindMember, listMembers, wecomKeys } from '../../../api/wecom';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { UserSelect } from '../../system/UserSelect';
import { MemberStatusTag } from '../shared/labels';
import { useDepartmentTree } from '../shared/queries';

const BIND = 'wecom.member.bind';
const MEMBER_STATUSES = [1, 2, 4, 5] as const;

/** 绑定系统用户: pick the staff user a WeCom member signs in as (by userid, DOMAIN 9.2). */
const BindDialog = ({
  member,
  onClose,
  onDone,
}: {
  member: WecomMemberRow;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number | null>(member.sysUserId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await bindMember(member.id, userId);
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('wecom.member.bindTitle', { name: member.name, userid: member.userid })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('wecom.member.sysUser')}
          validateStatus={error ? 'error' : undefined}
          help={error ?? t('wecom.member.bindHint')}
        >
          <UserSelect value={userId} onChange={setUserId} aria-label={t('wecom.member.sysUser')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Enterprise WeChat > Members (成员, DOMAIN 9.6): filters, binding to staff users, their contacts. */
const MemberListPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const departments = useDepartmentTree();
  const [binding, setBinding] = useState<WecomMemberRow | null>(null);

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('wecom.keyword'),
        placeholder: t('wecom.member.keywordHint'),
      },
      {
        type: 'treeSelect',
        name: 'departmentId',
        label: t('wecom.member.department'),
        treeData: departments.tree,
        numeric: true,
        loading: departments.loading,
      },
      {
        type: 'select',
        name: 'status',
        label: t('wecom.member.status'),
        numeric: true,
        options: MEMBER_STATUSES.map((v) => ({ value: v, label: t(`wecom.enum.memberStatus.${v}`) })),
      },
      {
        type: 'select',
        name: 'hasCustomerContact',
        label: t('wecom.member.customerContact'),
        options: [
          { value: 'true', label: t('wecom.yes') },
          { value: 'false', label: t('wecom.no') },
        ],
      },
      {
        type: 'select',
        name: 'bound',
        label: t('wecom.member.bound'),
        options: [
          { value: 'true', label: t('wecom.member.boundYes') },
          { value: 'false', label: t('wecom.member.boundNo') },
        ],
      },
    ],
    [t, departments.tree, departments.loading],
  );

  const columns: ResourceColumn<WecomMemberRow>[] = [
    { key: 'userid', title: 'UserID', sortField: 'userid', render: (_, m) => m.userid },
    {
      key: 'name',
      title: t('wecom.member.name'),
      sortField: 'name',
      render: (_, m) => (
        <>
          {m.name}
          {m.position ? <span className="wecom-cell-sub">{m.position}</span> : null}
        </>
      ),
    },
    {
      key: 'departments',
      title: t('wecom.member.department'),
      render: (_, m) => <span className="wecom-clip">{m.departmentNames.join('、') || '-'}</span>,
    },
    {
      key: 'status',
      title: t('wecom.member.status'),
      render: (_, m) => <MemberStatusTag value={m.status} />,
    },
    {
      key: 'customerCount',
      title: t('wecom.member.customers'),
      sortField: 'customerCount',
      render: (_, m) => (m.hasCustomerContact ? m.customerCount : <span className="wecom-sub">-</span>),
    },
    {
      key: 'sysUser',
      title: t('wecom.member.sysUser'),
      render: (_, m) => m.sysUserName ?? <span className="wecom-sub">{t('wecom.member.boundNo')}</span>,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, m) => (
        <RowActions
          label={m.name}
          actions={[
            {
              key: 'bind',
              label: m.sysUserId ? t('wecom.member.rebind') : t('wecom.member.bind'),
              permission: BIND,
              onClick: () => setBinding(m),
            },
            {
              key: 'contacts',
              label: t('wecom.member.viewContacts'),
              permission: 'wecom.contact-list',
              onClick: () => navigate(`/wecom/contact-list?userid=${encodeURIComponent(m.userid)}`),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="wecom-page" data-testid="wecom-member-list-page">
      <h1 className="visually-hidden">{t('route.wecomMemberList')}</h1>
      <ResourceTable<WecomMemberRow>
        tableKey="wecom.members"
        title={t('route.wecomMemberList')}
        queryKey={wecomKeys.members}
        fetch={listMembers}
        columns={columns}
        filters={filters}
        rowKey={(m) => m.id}
        rowLabel={(m) => `${m.name} (${m.userid})`}
        defaultSort="userid"
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      {binding ? (
        <BindDialog
          member={binding}
          onClose={() => setBinding(null)}
          onDone={() => {
            setBinding(null);
            void qc.invalidateQueries({ queryKey: wecomKeys.members });
            void qc.invalidateQueries({ queryKey: wecomKeys.contacts });
          }}
        />
      ) : null}
    </div>
  );
};

export default MemberListPage;
