import type { SignRow } from '@educrm/contract/calls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { callKeys, createSign, listSigns, syncSign } from '../../../api/calls';
import { useCan } from '../../../session/useCan';
import { AuditStatusTag } from '../shared/labels';

/** SMS signatures: submitted to the provider on creation, their review synced on demand. */
export const SignsDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const signs = useQuery({ queryKey: callKeys.signs, queryFn: listSigns });
  const [form] = Form.useForm<{ name: string }>();
  const refresh = () => qc.invalidateQueries({ queryKey: callKeys.signs });
  return (
    <Modal open onCancel={onClose} footer={null} width={720} title={t('call.sms.signs')}>
      {can('sms.template.submit') ? (
        <Form
          form={form}
          layout="inline"
          onFinish={async (v) => {
            try {
              await createSign({ name: v.name, isDefault: !(signs.data?.items.length ?? 0) });
              form.resetFields();
              await refresh();
            } catch (e) {
              message.error((e as Error).message);
            }
          }}
        >
          <Form.Item
            name="name"
            label={t('call.sms.signName')}
            rules={[{ required: true, message: t('call.required') }]}
          >
            <Input maxLength={12} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('call.sms.submitSign')}
          </Button>
        </Form>
      ) : null}
      <Table
        size="small"
        rowKey="id"
        style={{ marginTop: 12 }}
        aria-label={t('call.sms.signs')}
        dataSource={signs.data?.items ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: t('call.sms.signName'), dataIndex: 'name' },
          {
            key: 'provider',
            title: t('call.sms.provider'),
            render: (_, s) => t(`call.enum.provider.${s.provider}`),
          },
          {
            key: 'status',
            title: t('call.sms.auditStatus'),
            render: (_, s) => (
              <Space>
                <AuditStatusTag value={s.status} />
                {s.rejectReason ? <span className="call-cell-sub">{s.rejectReason}</span> : null}
              </Space>
            ),
          },
          ...(can('sms.template.submit')
            ? [
                {
                  key: 'sync',
                  title: t('table.actions'),
                  render: (_: unknown, s: SignRow) => (
                    <Button size="small" type="link" onClick={() => void syncSign(s.id).then(refresh)}>
                      {t('call.sms.sync')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
};
