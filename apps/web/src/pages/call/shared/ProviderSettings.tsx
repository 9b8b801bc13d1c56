import { CALL_PROVIDERS, SMS_PROVIDERS } from '@educrm/contract/calls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  callKeys,
  getOutboundSettings,
  getProvider,
  testProvider,
  updateOutboundSettings,
  updateProvider,
} from '../../../api/calls';

/**
 * An admin's settings of one provider kind: which provider, its credentials (the secret is
 * write-only: only whether it is set and its last four characters show), the sandbox's behaviour,
 * the receipt URL to give the provider, a connection test; and the outbound rules of the kind
 * (connect-rate threshold for calls; marketing window and daily cap for SMS).
 */
export const ProviderSettings = ({ kind, onClose }: { kind: 'call' | 'sms'; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const provider = useQuery({ queryKey: callKeys.provider(kind), queryFn: () => getProvider(kind) });
  const settings = useQuery({ queryKey: callKeys.settings, queryFn: getOutboundSettings });
  const [form] = Form.useForm();
  const [rules] = Form.useForm();
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null);
  const names = kind === 'call' ? CALL_PROVIDERS : SMS_PROVIDERS;
  const p = provider.data;
  const s = settings.data;
  return (
    <Drawer open onClose={onClose} size={560} title={t(`call.provider.title.${kind}`)} destroyOnHidden>
      {p && s ? (
        <>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ ...p, accessKeySecret: '' }}
            onFinish={async (v) => {
              try {
                await updateProvider(kind, {
                  ...v,
                  accessKeySecret: v.accessKeySecret || undefined,
                  version: p.version,
                });
                message.success(t('call.provider.saved'));
                await qc.invalidateQueries({ queryKey: callKeys.provider(kind) });
                form.setFieldValue('accessKeySecret', '');
              } catch (e) {
                message.error((e as Error).message);
              }
            }}
          >
            <Form.Item name="provider" label={t('call.provider.provider')}>
              <Select options={names.map((n) => ({ value: n, label: t(`call.enum.provider.${n}`) }))} />
            </Form.Item>
            <Form.Item name="accessKeyId" label={t('call.provider.keyId')}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="accessKeySecret"
              label={t('call.provider.secret')}
              extra={
                p.secretHint.set
                  ? t('call.provider.secretSet', { last4: p.secretHint.last4 ?? '****' })
                  : t('call.provider.secretNone')
              }
            >
              <Input.Password maxLength={256} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="endpoint"
              label={t('call.provider.endpoint')}
              extra={t('call.provider.endpointHint')}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Space wrap>
              <Form.Item name="region" label={t('call.provider.region')}>
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item name="appId" label={t(`call.provider.appId.${kind}`)}>
                <Input maxLength={64} />
              </Form.Item>
            </Space>
            <Space wrap>
              <Form.Item name="sandboxSuccessRate" label={t(`call.provider.sandboxRate.${kind}`)}>
                <InputNumber min={0} max={100} suffix="%" />
              </Form.Item>
              <Form.Item name="sandboxDelayMs" label={t('call.provider.sandboxDelay')}>
                <InputNumber min={0} max={600000} step={1000} suffix="ms" />
              </Form.Item>
            </Space>
            {p.receiptPath ? (
              <Form.Item label={t('call.provider.receiptUrl')}>
                <Typography.Text copyable code>{`${window.location.origin}${p.receiptPath}`}</Typography.Text>
              </Form.Item>
            ) : null}
            <Space>
              <Button type="primary" htmlType="submit">
                {t('call.provider.save')}
              </Button>
              <Button
                onClick={async () => {
                  setTest(null);
                  setTest(await testProvider(kind));
                }}
              >
                {t('call.provider.test')}
              </Button>
            </Space>
            {test ? (
              <Alert
                style={{ marginTop: 12 }}
                type={test.ok ? 'success' : 'error'}
                showIcon
                title={test.message}
                data-testid="provider-test"
              />
            ) : null}
          </Form>
          <Divider />
          <Form
            form={rules}
            layout="vertical"
            initialValues={s}
            onFinish={async (v) => {
              try {
                await updateOutboundSettings({ ...s, ...v, version: s.version });
                message.success(t('call.provider.saved'));
                await qc.invalidateQueries({ queryKey: callKeys.settings });
              } catch (e) {
                message.error((e as Error).message);
              }
            }}
          >
            {kind === 'call' ? (
              <Space wrap>
                <Form.Item name="connectRateThreshold" label={t('call.provider.threshold')}>
                  <InputNumber min={0} max={100} suffix="%" />
                </Form.Item>
                <Form.Item name="connectRateMinCalls" label={t('call.provider.minCalls')}>
                  <InputNumber min={1} max={100000} />
                </Form.Item>
              </Space>
            ) : (
              <Space wrap>
                <Form.Item name="smsWindowStart" label={t('call.provider.smsWindowStart')}>
                  <Input maxLength={5} style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name="smsWindowEnd" label={t('call.provider.smsWindowEnd')}>
                  <Input maxLength={5} style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name="smsDailyCap" label={t('call.provider.smsDailyCap')}>
                  <InputNumber min={1} max={100} />
                </Form.Item>
              </Space>
            )}
            <Button htmlType="submit">{t('call.provider.saveRules')}</Button>
          </Form>
        </>
      ) : null}
    </Drawer>
  );
};
