import {
  WECOM_APP_KINDS,
  WECOM_APP_MODES,
  type WecomAppRow,
  wecomAppCreate,
  wecomAppUpdate,
} from '@educrm/contract/wecom';
import { Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { createApp, getApp, updateApp } from '../../../api/wecom';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';

type Values = Record<string, unknown>;
const valuesOf = (a: WecomAppRow): Values => ({ name: a.name, mode: a.mode, agentId: a.agentId });

/** Create or edit a WeCom app. The secret is write-only: editing leaves it unchanged unless typed. */
export const AppForm = ({
  app,
  onClosed,
  onSaved,
}: {
  app: WecomAppRow | null;
  onClosed: () => void;
  onSaved: (row: WecomAppRow) => void;
}) => {
  const { t } = useTranslation();
  const common = (
    <>
      <FormField name="name" label={t('wecom.app.name')}>
        <Input maxLength={64} />
      </FormField>
      <FormField name="mode" label={t('wecom.app.mode')} extra={t('wecom.app.modeHint')}>
        <Radio.Group
          optionType="button"
          options={WECOM_APP_MODES.map((v) => ({ value: v, label: t(`wecom.enum.mode.${v}`) }))}
        />
      </FormField>
      <FormField name="agentId" label={t('wecom.app.agentId')} extra={t('wecom.app.agentIdHint')}>
        <InputNumber min={1} max={2_147_483_647} style={{ width: 200 }} />
      </FormField>
    </>
  );
  if (!app)
    return (
      <ResourceDrawerForm<Values, WecomAppRow>
        id="wecom-app-create"
        title={t('wecom.app.createTitle')}
        schema={wecomAppCreate}
        initialValues={{ kind: 'CUSTOMER_APP', mode: 'SANDBOX' }}
        onClosed={onClosed}
        onSubmit={(v) => createApp({ ...v, agentId: v.agentId ?? null } as Parameters<typeof createApp>[0])}
        successMessage={t('wecom.app.created')}
        onSuccess={onSaved}
      >
        <FormField name="kind" label={t('wecom.app.kind')} extra={t('wecom.app.kindHint')}>
          <Radio.Group
            options={WECOM_APP_KINDS.map((v) => ({ value: v, label: t(`wecom.enum.kind.${v}`) }))}
          />
        </FormField>
        <FormField name="corpId" label={t('wecom.app.corpId')}>
          <Input maxLength={64} autoComplete="off" />
        </FormField>
        {common}
        <FormField name="secret" label={t('wecom.app.secret')} extra={t('wecom.app.secretHint')}>
          <Input.Password maxLength={128} autoComplete="new-password" />
        </FormField>
      </ResourceDrawerForm>
    );
  return (
    <ResourceDrawerForm<Values, WecomAppRow>
      id={`wecom-app-edit-${app.id}`}
      title={t('wecom.app.editTitle', { name: app.name })}
      schema={wecomAppUpdate}
      version={app.version}
      initialValues={valuesOf(app)}
      onClosed={onClosed}
      onSubmit={(v) => {
        const { secret, ...rest } = v as Parameters<typeof updateApp>[1];
        return updateApp(app.id, { ...rest, agentId: rest.agentId ?? null, ...(secret ? { secret } : {}) });
      }}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getApp(app.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {common}
      <FormField
        name="secret"
        label={t('wecom.app.secret')}
        extra={
          app.secretHint.set
            ? t('wecom.app.secretKeep', { last4: app.secretHint.last4 ?? '****' })
            : t('wecom.app.secretHint')
        }
      >
        <Input.Password
          maxLength={128}
          autoComplete="new-password"
          placeholder={t('wecom.app.secretUnchanged')}
        />
      </FormField>
    </ResourceDrawerForm>
  );
};
