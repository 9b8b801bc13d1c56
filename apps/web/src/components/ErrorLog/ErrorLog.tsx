import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore } from '../../stores/errorLog';

/** Error-log button and dialog (spec section 2): columns Message and Stack, button Clear All. */
export const ErrorLog = () => {
  const { t } = useTranslation();
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clear);
  const [open, setOpen] = useState(false);
  const label = logs.length ? t('errorLog.buttonWithCount', { count: logs.length }) : t('errorLog.button');

  return (
    <>
      <Badge dot={logs.length > 0} offset={[-6, 6]}>
        <Button
          type="text"
          className="right-menu-item"
          danger={logs.length > 0}
          icon={<BugOutlined />}
          aria-label={label}
          title={label}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        open={open}
        title={t('errorLog.title')}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            type="primary"
            danger
            disabled={!logs.length}
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clearAll')}
          </Button>
        }
      >
        {logs.length === 0 ? (
          <p>{t('errorLog.empty')}</p>
        ) : (
          <div className="error-log-table-wrap">
            <table className="error-log-table">
              <thead>
                <tr>
                  <th scope="col">{t('errorLog.message')}</th>
                  <th scope="col">{t('errorLog.stack')}</th>
                </tr>
              </thead>
              <tbody>
                {logs.map((log) => (
                  <tr key={log.id}>
                    <td>
                      <div>
                        <strong>{t('errorLog.msg')}: </strong>
                        <span className="error-log-msg">{log.message}</span>
                      </div>
                      <div>
                        <strong>{t('errorLog.info')}: </strong>
                        {log.info}
                      </div>
                      <div>
                        <strong>{t('errorLog.url')}: </strong>
                        <span className="error-log-url">{log.url}</span>
                      </div>
                      <div>
                        <strong>{t('errorLog.time')}: </strong>
                        {new Date(log.time).toLocaleString()}
                      </div>
                    </td>
                    <td>
                      <pre className="error-log-stack">{log.stack}</pre>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
    </>
  );
};
