import type { PoolConfig } from '@educrm/contract/clients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getClaimQuota, getPoolConfig, poolKeys } from '../../../api/pool';
import { useCan } from '../../../session/useCan';
import { LazyClientDrawer } from '../shared/LazyClientDrawer';
import { PoolSettingsDrawer } from './PoolSettingsDrawer';
import { PoolTable } from './PoolTable';
import { QuotaSummary } from './QuotaSummary';
import { RecycleSoonTable } from './RecycleSoonTable';
import './pool.css';

type Tab = 'pool' | 'soon';

/**
 * Client management > Public clients (公海客户, DOMAIN 3.3/3.4): the pool with claim / assign, the
 * caller's quota, the clients about to drop into the pool, and the pool settings for the admin.
 */
const PublicPoolPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(null);
  const [settings, setSettings] = useState<PoolConfig | null>(null);
  const [loadingSettings, setLoadingSettings] = useState(false);

  const canClaim = can('client.claim');
  const canSoon = can('client.list') || can('client.my-list');
  const tab: Tab = search.get('tab') === 'soon' && canSoon ? 'soon' : 'pool';

  const quota = useQuery({
    queryKey: poolKeys.quota,
    queryFn: (ctx) => getClaimQuota(ctx),
    enabled: canClaim,
    staleTime: 30_000,
  });

  /** Every client list (this page's and the other client pages') and the quota. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: poolKeys.clients });

  const openSettings = async () => {
    setLoadingSettings(true);
    try {
      setSettings(
        await queryClient.fetchQuery({ queryKey: poolKeys.config, queryFn: getPoolConfig, staleTime: 0 }),
      );
    } catch {
      // The HTTP client has shown the error.
    } finally {
      setLoadingSettings(false);
    }
  };

  const poolTable = (
    <PoolTable
      quota={quota.data}
      onOpen={setOpenId}
      onChanged={refresh}
      onSettings={can('client.pool.config') ? () => void openSettings() : null}
      settingsLoading={loadingSettings}
    />
  );

  return (
    <div className="pool-page" data-testid="public-pool-page">
      <h1 className="visually-hidden">{t('route.clientPublicList')}</h1>
      {canClaim ? (
        <QuotaSummary
          quota={quota.data}
          loading={quota.isFetching}
          error={quota.isError}
          onRetry={() => void quota.refetch()}
        />
      ) : null}
      {canSoon ? (
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) =>
            // Each tab has its own filters, sort and page: a new tab starts plain.
            setSearch(key === 'soon' ? { tab: 'soon' } : {}, { replace: true })
          }
          items={[
            { key: 'pool', label: t('client.pool.tabPool'), children: poolTable },
            {
              key: 'soon',
              label: t('client.pool.tabSoon'),
              children: <RecycleSoonTable onOpen={setOpenId} onChanged={refresh} />,
            },
          ]}
        />
      ) : (
        poolTable
      )}
      <LazyClientDrawer clientId={openId} onClose={() => setOpenId(null)} onChanged={() => void refresh()} />
      {settings ? <PoolSettingsDrawer config={settings} onClosed={() => setSettings(null)} /> : null}
    </div>
  );
};

export default PublicPoolPage;
