import { QuestionCircleOutlined } from '@ant-design/icons';
import type { ClaimQuota } from '@educrm/contract/clients';
import { Button, Progress, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { claimsLeft, usageLevel, usagePercent } from './poolFormat';

const COLORS = { ok: '#1677ff', low: '#d46b08', full: '#cf1322' } as const;

const Meter = ({
  testId,
  label,
  used,
  cap,
  note,
}: {
  testId: string;
  label: string;
  used: number;
  cap: number | null;
  note?: string;
}) => {
  const { t } = useTranslation();
  const level = usageLevel(used, cap);
  return (
    <div className={`pool-quota__item pool-quota__item--${level}`} data-testid={testId}>
      <div className="pool-quota__label">{label}</div>
      <div className="pool-quota__value">
        {cap === null ? (
          <>
            {used} <span className="pool-quota__cap">{t('client.pool.noLimit')}</span>
          </>
        ) : (
          <>
            {used} <span className="pool-quota__cap">/ {cap}</span>
          </>
        )}
      </div>
      {cap === null ? null : (
        <Progress
          percent={usagePercent(used, cap)}
          showInfo={false}
          size="small"
          strokeColor={COLORS[level]}
          aria-label={`${label} ${used} / ${cap}`}
        />
      )}
      {note ? <div className="pool-quota__note">{note}</div> : null}
    </div>
  );
};

/**
 * The caller's standing against the pool limits (DOMAIN 3.3): claims today against the daily cap,
 * owned clients against the owner limit, locked clients against the lock limit.
 */
export const QuotaSummary = ({
  quota,
  loading,
  error,
  onRetry,
}: {
  quota: ClaimQuota | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) => {
  const { t } = useTranslation();
  if (!quota) {
    return (
      <div className="pool-quota" data-testid="pool-quota">
        {error && !loading ? (
          <span className="pool-quota__error">
            {t('client.pool.quotaFailed')}{' '}
            <Button size="small" onClick={onRetry}>
              {t('table.retry')}
            </Button>
          </span>
        ) : (
          <Skeleton active paragraph={false} title={{ width: '60%' }} />
        )}
      </div>
    );
  }
  const left = claimsLeft(quota);
  return (
    <section className="pool-quota" data-testid="pool-quota" aria-label={t('client.pool.quotaTitle')}>
      <Meter
        testId="quota-claimed"
        label={t('client.pool.claimedToday')}
        used={quota.claimedToday}
        cap={quota.claimDailyLimit}
        note={left ? t('client.pool.claimsLeft', { count: left }) : t('client.pool.claimsNone')}
      />
      <Meter
        testId="quota-owned"
        label={t(quota.ownedCountsDeal ? 'client.pool.owned' : 'client.pool.ownedNonDeal')}
        used={quota.owned}
        cap={quota.ownerLimit}
        note={
          quota.ownerLimit !== null && quota.owned >= quota.ownerLimit
            ? t('client.pool.ownedFull')
            : quota.ownedCountsDeal
              ? undefined
              : t('client.pool.ownedAll', { count: quota.ownedAll })
        }
      />
      <Meter
        testId="quota-locked"
        label={t('client.pool.lockedCount')}
        used={quota.locked}
        cap={quota.lockLimit}
      />
      <Tooltip title={t('client.pool.quotaHelp')}>
        <Button type="link" size="small" className="pool-quota__help" icon={<QuestionCircleOutlined />}>
          {t('client.pool.quotaRules')}
        </Button>
      </Tooltip>
    </section>
  );
};
