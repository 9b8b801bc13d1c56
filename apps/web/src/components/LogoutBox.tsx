import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearToken } from '../session/token';
import { closeLogoutBox } from '../stores/feedback';
import { AntdProvider } from './AntdProvider';

/**
 * Spec section 8, code 401: 'Confirm logout'. 're-login' resets the token and reloads (the guard
 * then sends the user to log in with the current page as redirect); 'Cancel' stays on the page.
 */
const LogoutBox = () => {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  return (
    <AntdProvider>
      <Modal
        open
        title={
          <span className="logout-box__title">
            <ExclamationCircleFilled className="logout-box__icon" aria-hidden="true" />
            {t('logout.title')}
          </span>
        }
        okText={t('logout.relogin')}
        cancelText={t('logout.cancel')}
        okButtonProps={{ loading: leaving }}
        closable={false}
        maskClosable={false}
        onOk={() => {
          setLeaving(true);
          clearToken();
          window.location.reload();
        }}
        onCancel={closeLogoutBox}
      >
        <p>{t('logout.text')}</p>
      </Modal>
    </AntdProvider>
  );
};

export default LogoutBox;
