import { type LimitRuleRow, type PoolConfig, poolConfigUpdate } from '@educrm/contract/clients';
import { useQueryClient } from '@tanstack/react-query';
import { InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPoolConfig, poolKeys, updatePoolConfig } from '../../../api/pool';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { LimitRuleDrawer } from './LimitRuleDrawer';
import { LimitRulesSection } from './LimitRulesSection';

type Values = Record<string, unknown>;

const valuesOf = (c: PoolConfig): Values => ({
  enabled: c.enabled,
  contactExpireDays: c.contactExpireDays,
  dealExpireDays: c.dealExpireDays,
  recycleDealClients: c.recycleDealClients,
  notifyEnabled: c.notifyEnabled,
  notifyDays: c.notifyDays,
  claimDailyLimit: c.claimDailyLimit,
  preOwnerBanDays: c.preOwnerBanDays,
});

/**
 * 公海设置 (admin, client.pool.config): the auto-recycle, reminder and claim rules (one versioned
 * record: a stale save offers a reload) and the limit rules below them (each saved on its own).
 */
export const PoolSettingsDrawer = ({ config, onClosed }: { config: PoolConfig; onClosed: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rule, setRule] = useState<{ rule: LimitRuleRow | null } | null>(null);
  const days = t('client.pool.daysUnit');

  const saved = () =>
    // Recycle dates, quotas and the pool all follow the settings.
    void queryClient.invalidateQueries({ queryKey: poolKeys.clients });

  const number = (max: number, unit: string, min = 0) => (
    <InputNumber min={min} max={max} precision={0} suffix={unit} style={{ width: 180 }} />
  );

  return (
    <>
      <ResourceDrawerForm<Values>
        id="pool-config"
        title={t('client.pool.settingsTitle')}
        width={720}
        schema={poolConfigUpdate}
        version={config.version}
        initialValues={valuesOf(config)}
        onClosed={onClosed}
        onSubmit={(values) => updatePoolConfig(values as Parameters<typeof updatePoolConfig>[0])}
        successMessage={t('client.pool.settingsSaved')}
        onSuccess={saved}
        onReload={async () => {
          const fresh = await getPoolConfig();
          return { values: valuesOf(fresh), version: fresh.version };
        }}
      >
        <h3 className="pool-section-title">{t('client.pool.sectionRecycle')}</h3>
        <FormField
          name="enabled"
          label={t('client.pool.enabled')}
          extra={t('client.pool.enabledHint')}
          valuePropName="checked"
        >
          <Switch />
        </FormField>
        <div className="pool-form-row">
          <FormField
            name="contactExpireDays"
            label={t('client.pool.contactExpireDays')}
            extra={t('client.pool.contactExpireHint')}
          >
            {number(365, days, 1)}
          </FormField>
          <FormField
            name="dealExpireDays"
            label={t('client.pool.dealExpireDays')}
            extra={t('client.pool.dealExpireHint')}
          >
            {number(3650, days, 1)}
          </FormField>
        </div>
        <FormField
          name="recycleDealClients"
          label={t('client.pool.recycleDealClients')}
          extra={t('client.pool.recycleDealHint')}
          valuePropName="checked"
        >
          <Switch />
        </FormField>

        <h3 className="pool-section-title">{t('client.pool.sectionNotify')}</h3>
        <div className="pool-form-row">
          <FormField name="notifyEnabled" label={t('client.pool.notifyEnabled')} valuePropName="checked">
            <Switch />
          </FormField>
          <FormField
            name="notifyDays"
            label={t('client.pool.notifyDays')}
            extra={t('client.pool.notifyDaysHint')}
          >
            {number(30, days)}
          </FormField>
        </div>

        <h3 className="pool-section-title">{t('client.pool.sectionClaim')}</h3>
        <div className="pool-form-row">
          <FormField
            name="claimDailyLimit"
            label={t('client.pool.claimDailyLimit')}
            extra={t('client.pool.claimDailyHint')}
          >
            {number(10_000, t('client.pool.perDayUnit'))}
          </FormField>
          <FormField
            name="preOwnerBanDays"
            label={t('client.pool.preOwnerBanDays')}
            extra={t('client.pool.preOwnerBanHint')}
          >
            {number(365, days)}
          </FormField>
        </div>

        <h3 className="pool-section-title">{t('client.pool.sectionLimits')}</h3>
        <LimitRulesSection onEdit={(r) => setRule({ rule: r })} />
      </ResourceDrawerForm>
      {rule ? (
        <LimitRuleDrawer
          rule={rule.rule}
          onClosed={() => setRule(null)}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: poolKeys.rules });
            void queryClient.invalidateQueries({ queryKey: poolKeys.quota });
          }}
        />
      ) : null}
    </>
  );
};
