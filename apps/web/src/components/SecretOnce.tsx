import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from './MaskedText';
import './helpers.css';

/**
 * A secret the server shows once (a generated password): in clear, with a copy button and the
 * warning that it cannot be shown again. The page drops the secret when the dialog closes.
 */
export const SecretOnce = ({
  secret,
  title,
  description,
  onClose,
}: {
  /** null: closed. */
  secret: string | null;
  title: string;
  description?: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Modal
      open={secret !== null}
      title={title}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('secret.done')}
        </Button>
      }
    >
      {description ? <p>{description}</p> : null}
      <div className="secret-once">
        <Typography.Text code className="secret-once__value" data-testid="secret-value">
          {secret}
        </Typography.Text>
        <Button
          icon={<CopyOutlined />}
          onClick={async () => {
            if (!secret) return;
            await copyText(secret);
            void message.success(t('common.copied'));
          }}
        >
          {t('common.copy')}
        </Button>
      </div>
      <Alert type="warning" showIcon title={t('secret.once')} />
    </Modal>
  );
};
