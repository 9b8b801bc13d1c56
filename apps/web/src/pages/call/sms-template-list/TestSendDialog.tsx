import type { TemplateRow } from '@educrm/contract/calls';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testSend } from '../../../api/calls';

/** Sends an approved template to any mobile, with the variables typed here (logged as a test). */
export const TestSendDialog = ({ template, onClose }: { template: TemplateRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('call.sms.testSendTitle', { name: template.name })}
      onCancel={onClose}
      okText={t('call.sms.send')}
      confirmLoading={busy}
      onOk={async () => {
        const v = await form.validateFields();
        const { mobile, ...params } = v;
        setBusy(true);
        try {
          await testSend(template.id, mobile ?? '', params);
          message.success(t('call.sms.sent'));
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
          name="mobile"
          label={t('call.sms.mobile')}
          rules={[{ required: true, message: t('call.required') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        {template.params.map((p) => (
          <Form.Item key={p} name={p} label={p} rules={[{ required: true, message: t('call.required') }]}>
            <Input maxLength={100} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};
