import '../shared/call.css';
import { PlusOutlined, SafetyCertificateOutlined, SettingOutlined } from '@ant-design/icons';
import { AUDIT_STATUSES, TEMPLATE_TYPES, type TemplateRow } from '@educrm/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKeys, deleteTemplate, enableTemplate, listTemplates, templateAction } from '../../../api/calls';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { AuditStatusTag } from '../shared/labels';
import { ProviderSettings } from '../shared/ProviderSettings';
import { SmsLogList } from '../shared/SmsLogList';
import { SignsDialog } from './SignsDialog';
import { TemplateForm } from './TemplateForm';
import { TestSendDialog } from './TestSendDialog';

const WRITE = 'sms.template.write';
const SUBMIT = 'sms.template.submit';

/** Outbound calls > SMS templates (短信模板, DOMAIN 7.3): review, enable, test send, logs. */
const SmsTemplateListPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ template: TemplateRow | null } | null>(null);
  const [signs, setSigns] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [testing, setTesting] = useState<TemplateRow | null>(null);
  const [logsOf, setLogsOf] = useState<TemplateRow | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: callKeys.templates });
  const act = (p: Promise<unknown>) =>
    p.then(refresh).catch((e: Error) => {
      message.error(e.message);
    });

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('call.sms.keyword'), placeholder: t('call.sms.keywordHint') },
      {
        type: 'select',
        name: 'type',
        label: t('call.sms.type'),
        options: TEMPLATE_TYPES.map((v) => ({ value: v, label: t(`call.enum.templateType.${v}`) })),
      },
      {
        type: 'select',
        name: 'auditStatus',
        label: t('call.sms.auditStatus'),
        options: AUDIT_STATUSES.map((v) => ({ value: v, label: t(`call.enum.auditStatus.${v}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<TemplateRow>[] = [
    {
      key: 'name',
      title: t('call.sms.name'),
      sortField: 'name',
      render: (_, x) => (
        <>
          {x.name}
          <div className="call-cell-sub">
            <code>{x.code}</code>
          </div>
        </>
      ),
    },
    { key: 'type', title: t('call.sms.type'), render: (_, x) => t(`call.enum.templateType.${x.type}`) },
    {
      key: 'content',
      title: t('call.sms.content'),
      render: (_, x) => (
        <span className="call-sms-content">
          【{x.signName}】{x.content}
        </span>
      ),
    },
    {
      key: 'audit',
      title: t('call.sms.auditStatus'),
      render: (_, x) => (
        <>
          <AuditStatusTag value={x.auditStatus} />
          {x.rejectReason ? <div className="call-reject">{x.rejectReason}</div> : null}
        </>
      ),
    },
    {
      key: 'enabled',
      title: t('call.sms.enabled'),
      render: (_, x) =>
        x.enabled ? t('call.sms.on') : <span className="call-cell-sub">{t('call.sms.off')}</span>,
    },
    { key: 'sent', title: t('call.sms.sentCount'), render: (_, x) => x.sentCount },
    {
      key: 'updatedAt',
      title: t('call.sms.updatedAt'),
      sortField: 'updatedAt',
      render: (_, x) => parseTime(x.updatedAt, '{y}-{m}-{d} {h}:{i}'),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      render: (_, x) => (
        <RowActions
          label={x.name}
          inline={2}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              hidden: x.auditStatus === 'PENDING',
              onClick: () => setEditing({ template: x }),
            },
            {
              key: 'submit',
              label: t('call.sms.submit'),
              permission: SUBMIT,
              hidden: x.auditStatus !== 'DRAFT' && x.auditStatus !== 'REJECTED',
              onClick: () => void act(templateAction(x.id, 'submit')),
            },
            {
              key: 'sync',
              label: t('call.sms.sync'),
              hidden: x.auditStatus !== 'PENDING' || !(can(WRITE) || can(SUBMIT)),
              onClick: () => void act(templateAction(x.id, 'sync')),
            },
            {
              key: 'toggle',
              label: x.enabled ? t('call.sms.disable') : t('call.sms.enable'),
              permission: SUBMIT,
              onClick: () => void act(enableTemplate(x.id, !x.enabled, x.version)),
            },
            {
              key: 'test',
              label: t('call.sms.testSend'),
              permission: SUBMIT,
              hidden: x.auditStatus !== 'APPROVED',
              onClick: () => setTesting(x),
            },
            { key: 'logs', label: t('call.sms.logs'), onClick: () => setLogsOf(x) },
            {
              key: 'copy',
              label: t('common.copy'),
              permission: WRITE,
              onClick: () => void act(templateAction(x.id, 'copy')),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              confirm: {
                title: t('call.sms.deleteTitle', { name: x.name }),
                onConfirm: () => deleteTemplate(x.id).then(refresh),
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="call-page" data-testid="sms-template-list-page">
      <h1 className="visually-hidden">{t('route.callSmsTemplateList')}</h1>
      <ResourceTable<TemplateRow>
        tableKey="call.templates"
        title={t('route.callSmsTemplateList')}
        queryKey={callKeys.templates}
        fetch={listTemplates}
        columns={columns}
        filters={filters}
        defaultSort="-updatedAt"
        rowKey={(x) => x.id}
        rowLabel={(x) => x.name}
        toolbar={
          <>
            {can(WRITE) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ template: null })}>
                {t('call.sms.create')}
              </Button>
            ) : null}
            <Button icon={<SafetyCertificateOutlined />} onClick={() => setSigns(true)}>
              {t('call.sms.signs')}
            </Button>
            {can(SUBMIT) ? (
              <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
                {t('call.provider.open')}
              </Button>
            ) : null}
          </>
        }
      />
      {editing ? (
        <TemplateForm
          template={editing.template}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      {settingsOpen ? <ProviderSettings kind="sms" onClose={() => setSettingsOpen(false)} /> : null}
      {signs ? <SignsDialog onClose={() => setSigns(false)} /> : null}
      {testing ? <TestSendDialog template={testing} onClose={() => setTesting(null)} /> : null}
      <Drawer
        open={logsOf !== null}
        onClose={() => setLogsOf(null)}
        size={900}
        destroyOnHidden
        title={logsOf ? t('call.sms.logsTitle', { name: logsOf.name }) : ''}
      >
        {logsOf ? (
          <SmsLogList
            queryKey={[...callKeys.logs, 'template', logsOf.id]}
            filter={{ templateId: logsOf.id }}
          />
        ) : null}
      </Drawer>
    </div>
  );
};

export default SmsTemplateListPage;
