import type { WecomAppRow } from '@educrm/contract/wecom';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import { rotateApp } from '../../../api/wecom';

type Target = 'SECRET' | 'CALLBACK';

/** 轮换密钥: a new secret from the WeCom console, or a new callback Token + EncodingAESKey made here. */
export const RotateDialog = ({
  app,
  onClose,
  onDone,
}: {
  app: WecomAppRow;
  onClose: () => void;
  onDone: (row: WecomAppRow) => void;
}) => {
  const { t } = useTranslation();
  const [target, setTarget] = useState<Target>('CALLBACK');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (target === 'SECRET' && !secret.trim()) {
      setError(t('wecom.app.secretRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const row = await rotateApp(
        app.id,
        target === 'SECRET'
          ? { target, secret: secret.trim(), version: app.version }
          : { target, version: app.version },
      );
      onDone(row);
    } catch (e) {
      setError(isApiError(e) || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('wecom.app.rotateTitle', { name: app.name })}
      okText={t('wecom.app.rotate')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('wecom.app.rotateWhat')}>
          <Radio.Group
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            options={[
              { value: 'CALLBACK', label: t('wecom.app.rotateCallback') },
              { value: 'SECRET', label: t('wecom.app.rotateSecret') },
            ]}
          />
        </Form.Item>
        {target === 'SECRET' ? (
          <Form.Item
            label={t('wecom.app.newSecret')}
            required
            validateStatus={error ? 'error' : undefined}
            help={error ?? t('wecom.app.secretHint')}
          >
            <Input.Password
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              maxLength={128}
              autoComplete="new-password"
            />
          </Form.Item>
        ) : (
          <>
            <Alert type="warning" showIcon title={t('wecom.app.rotateCallbackWarn')} />
            {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} /> : null}
          </>
        )}
      </Form>
    </Modal>
  );
};
