import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKeys, listManualTemplates, sendSms } from '../../../api/calls';
import { clientKeys, followUpKeys } from '../../../api/clients';
import { DataText } from '../../../components/DataText/DataText';
import { smsParamLabel } from './smsParamLabel';

/**
 * Sends an approved, enabled template to one client (system templates such as verification codes
 * are not offered); `${name}` defaults to the client's name.
 */
export const SendSmsDialog = ({
  clientId,
  clientName,
  onClose,
}: {
  clientId: number;
  clientName: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const templates = useQuery({
    queryKey: [...callKeys.templates, 'manual'],
    queryFn: listManualTemplates,
  });
  const templateId = Form.useWatch('templateId', form) as unknown as number | undefined;
  const template = templates.data?.items.find((x) => x.id === templateId);
  const values = Form.useWatch([], form) as Record<string, string> | undefined;
  const preview = template
    ? `【${template.signName}】${template.content.replace(/\$\{(\w+)\}/g, (_, n: string) => values?.[`p_${n}`] || (n === 'name' ? clientName : `\${${n}}`))}`
    : '';
  return (
    <Modal
      open
      title={<DataText i18nKey="call.sms.sendTitle" values={{ name: clientName }} data={['name']} />}
      onCancel={onClose}
      okText={t('call.sms.send')}
      confirmLoading={busy}
      onOk={async () => {
        const v = await form.validateFields();
        if (!template) return;
        const params = Object.fromEntries(template.params.map((n) => [n, v[`p_${n}`] ?? '']));
        setBusy(true);
        try {
          await sendSms(template.id, clientId, params);
          message.success(t('call.sms.sent'));
          void qc.invalidateQueries({ queryKey: callKeys.logsOfClient(clientId) });
          void qc.invalidateQueries({ queryKey: clientKeys.timeline(clientId) });
          void qc.invalidateQueries({ queryKey: followUpKeys.ofClient(clientId) });
          onClose();
        } catch (e) {
          message.error((e as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="templateId"
          label={t('call.sms.template')}
          rules={[{ required: true, message: t('call.required') }]}
        >
          <Select
            loading={templates.isPending}
            options={(templates.data?.items ?? []).map((x) => ({
              value: x.id,
              label: `${x.name} · ${t(`call.enum.templateType.${x.type}`)}`,
            }))}
          />
        </Form.Item>
        {template?.params.map((n) => (
          <Form.Item
            key={n}
            name={`p_${n}`}
            label={smsParamLabel(t, n)}
            initialValue={n === 'name' ? clientName : undefined}
            rules={[{ required: true, message: t('call.required') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        ))}
        {preview ? (
          <div className="call-sms-preview" data-testid="sms-preview">
            {preview}
          </div>
        ) : null}
      </Form>
    </Modal>
  );
};
