import { type AdminUserRow, resetPasswordBody } from '@educrm/contract/system';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetAdminUserPassword } from '../../../api/system';
import { translateValidation } from '../../../components/ResourceForm/useResourceForm';
import { fieldErrorsToAntd, fieldRules } from '../../../components/ResourceForm/zodRules';

/**
 * Reset a user's password: generated (shown once afterwards) or typed by the admin. The server
 * refuses common passwords and the username with a field error.
 */
export const ResetPasswordDialog = ({
  user,
  onClose,
  onDone,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
  onDone: (user: AdminUserRow, password: string | null) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mode: 'generate' | 'set'; password?: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRules = useMemo(
    () => fieldRules(resetPasswordBody.shape.password, translateValidation).rules,
    [],
  );
  const mode = Form.useWatch('mode', form);

  const submit = async ({ mode: chosen, password }: { mode: 'generate' | 'set'; password?: string }) => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      const result = await resetAdminUserPassword(user.id, chosen === 'set' ? password : undefined);
      onDone(user, result.password);
    } catch (e) {
      const fields = (e as { fields?: Record<string, string> }).fields ?? {};
      if (Object.keys(fields).length) form.setFields(fieldErrorsToAntd(fields) as never);
      else setError(e instanceof Error ? e.message : t('http.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={user ? t('system.user.resetTitle', { name: user.username }) : ''}
      okText={t('system.user.resetPassword')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('system.user.resetText')}</p>
      {error ? <Alert type="error" showIcon title={error} className="system-notice" /> : null}
      <Form
        form={form}
        layout="vertical"
        name="reset-password"
        initialValues={{ mode: 'generate' }}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        <Form.Item name="mode" label={t('system.user.newPassword')}>
          <Radio.Group
            options={[
              { value: 'generate', label: t('system.user.passwordGenerate') },
              { value: 'set', label: t('system.user.passwordSet') },
            ]}
          />
        </Form.Item>
        {mode === 'set' ? (
          <Form.Item
            name="password"
            label={t('system.user.password')}
            required
            rules={[{ required: true, message: t('validation.passwordRequired') }, ...passwordRules]}
            extra={t('system.user.passwordHint')}
          >
            <Input.Password maxLength={128} autoComplete="new-password" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
};
