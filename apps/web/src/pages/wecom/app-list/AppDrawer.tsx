import type { WecomAppRow, WecomTestResult } from '@educrm/contract/wecom';
import { Alert, Descriptions, Drawer, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../utils/time';
import { AppStatusTag } from '../shared/labels';
import { SyncRuns } from './SyncRuns';

const Copyable = ({ value, testId }: { value: string | null; testId: string }) =>
  value ? (
    <Typography.Text className="wecom-secret" copyable data-testid={testId}>
      {value}
    </Typography.Text>
  ) : (
    <span>-</span>
  );

/** The visible range of the app (agent/get): members, departments, tags. */
export const VisibleRange = ({ range }: { range: WecomAppRow['visibleRange'] }) => {
  const { t } = useTranslation();
  if (!range) return <span className="wecom-sub">{t('wecom.app.rangeUnknown')}</span>;
  return (
    <span data-testid="wecom-visible-range">
      {range.closed ? <Tag className="status-tag status-tag--error">{t('wecom.app.closed')}</Tag> : null}
      {t('wecom.app.rangeText', {
        users: range.users.length,
        parties: range.parties.length,
        tags: range.tags.length,
      })}
      {range.users.length ? (
        <span className="wecom-cell-sub">
          {range.users.slice(0, 10).join(', ')}
          {range.users.length > 10 ? ' …' : ''}
        </span>
      ) : null}
    </span>
  );
};

/** The result of "test connection", shown in the drawer and after the row action. */
export const TestResult = ({ result }: { result: WecomTestResult }) => {
  const { t } = useTranslation();
  return (
    <Alert
      data-testid="wecom-test-result"
      type={result.ok ? 'success' : 'error'}
      showIcon
      title={
        result.ok
          ? t('wecom.app.testOk', { agent: result.agentName ?? '-', ms: result.elapsedMs })
          : t('wecom.app.testFailed', { errcode: result.errcode, errmsg: result.errmsg })
      }
      description={result.ok ? <VisibleRange range={result.visibleRange} /> : null}
    />
  );
};

/** An app's settings (callback URL, Token, EncodingAESKey for copying), visible range and job log. */
export const AppDrawer = ({
  app,
  test,
  tab = 'settings',
  onClose,
}: {
  app: WecomAppRow | null;
  test: WecomTestResult | null;
  /** The tab shown first: settings, or the job log after "sync now". */
  tab?: 'settings' | 'runs';
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Drawer
      open={app !== null}
      onClose={onClose}
      size={Math.min(760, typeof window === 'undefined' ? 760 : window.innerWidth)}
      title={app?.name ?? ''}
      destroyOnHidden
    >
      {app ? (
        <Tabs
          key={`${app.id}-${tab}`}
          defaultActiveKey={tab}
          items={[
            {
              key: 'settings',
              label: t('wecom.app.settings'),
              children: (
                <>
                  {test ? <TestResult result={test} /> : null}
                  <Descriptions column={1} bordered size="small" style={{ marginTop: test ? 16 : 0 }}>
                    <Descriptions.Item label={t('wecom.app.status')}>
                      <AppStatusTag value={app.status} />
                      {app.lastError ? <span className="wecom-cell-sub">{app.lastError}</span> : null}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('wecom.app.kind')}>
                      {t(`wecom.enum.kind.${app.kind}`)} · {t(`wecom.enum.mode.${app.mode}`)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('wecom.app.corpId')}>{app.corpId}</Descriptions.Item>
                    <Descriptions.Item label={t('wecom.app.agentId')}>{app.agentId ?? '-'}</Descriptions.Item>
                    <Descriptions.Item label={t('wecom.app.secret')}>
                      {app.secretHint.set ? `•••• ${app.secretHint.last4 ?? ''}` : t('wecom.app.secretNone')}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('wecom.app.callbackUrl')}>
                      <Copyable value={app.callbackUrl} testId="wecom-callback-url" />
                    </Descriptions.Item>
                    <Descriptions.Item label="Token">
                      {app.callbackToken === null ? (
                        <span className="wecom-sub">{t('wecom.app.keysHidden')}</span>
                      ) : (
                        <Copyable value={app.callbackToken} testId="wecom-callback-token" />
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label="EncodingAESKey">
                      {app.encodingAesKey === null ? (
                        <span className="wecom-sub">{t('wecom.app.keysHidden')}</span>
                      ) : (
                        <Copyable value={app.encodingAesKey} testId="wecom-aes-key" />
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('wecom.app.lastVerified')}>
                      {app.lastVerifiedAt ? parseTime(app.lastVerifiedAt, '{y}-{m}-{d} {h}:{i}') : '-'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('wecom.app.visibleRange')}>
                      <VisibleRange range={app.visibleRange} />
                    </Descriptions.Item>
                  </Descriptions>
                  <p className="wecom-sub" style={{ marginTop: 8 }}>
                    {t('wecom.app.callbackHelp')}
                  </p>
                </>
              ),
            },
            { key: 'runs', label: t('wecom.app.jobLog'), children: <SyncRuns appId={app.id} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
};
