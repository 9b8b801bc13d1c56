import {
  type WecomChannelCodeRow,
  wecomChannelCodeCreate,
  wecomChannelCodeUpdate,
} from '@educrm/contract/wecom-acquisition';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { listApps, wecomKeys } from '../../../api/wecom';
import { createChannelCode, getChannelCode, updateChannelCode } from '../../../api/wecom-acquisition';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { useDictOptions } from '../../client/shared/queries';
import { TagPicker, useFollowMembers } from '../shared/pickers';

type Values = Record<string, unknown>;

const valuesOf = (c: WecomChannelCodeRow): Values => ({
  name: c.name,
  channelId: c.channelId,
  userids: c.userids,
  skipVerify: c.skipVerify,
  tagIds: c.tagIds,
  welcomeText: c.welcomeText,
});

/** The enabled customer-contact apps (a code belongs to one). */
export const useCustomerApps = (enabled = true) => {
  const query = useQuery({
    queryKey: [...wecomKeys.apps, 'customer'],
    queryFn: () => listApps({ pageSize: 100, kind: 'CUSTOMER_APP', status: 'ENABLED' }),
    staleTime: 60_000,
    enabled,
  });
  return { apps: query.data?.items ?? [], loaded: query.isFetched };
};

/** The fields that depend on the app: its corp's staff and tags. */
const CorpFields = ({ corpOf }: { corpOf: (appId: unknown) => string | undefined }) => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const corpId = corpOf(Form.useWatch('appId', form));
  const members = useFollowMembers();
  return (
    <>
      <FormField name="userids" label={t('wecom.channelCode.staff')} extra={t('wecom.channelCode.staffHint')}>
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          loading={members.loading}
          options={members.options}
          maxCount={20}
          aria-label={t('wecom.channelCode.staff')}
        />
      </FormField>
      <FormField name="tagIds" label={t('wecom.channelCode.tags')} extra={t('wecom.channelCode.tagsHint')}>
        <TagPicker corpId={corpId} aria-label={t('wecom.channelCode.tags')} />
      </FormField>
    </>
  );
};

/** Create or edit a channel code (the app is chosen on creation only). */
export const ChannelCodeForm = ({
  code,
  onClosed,
  onSaved,
}: {
  code: WecomChannelCodeRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const dict = useDictOptions();
  const { apps, loaded } = useCustomerApps(!code);
  const corpOf = (appId: unknown) => (code ? code.corpId : apps.find((a) => a.id === appId)?.corpId);
  const fields = (
    <>
      <FormField name="name" label={t('wecom.channelCode.name')}>
        <Input maxLength={64} showCount />
      </FormField>
      <FormField name="channelId" label={t('wecom.channelCode.channel')}>
        <TreeSelect
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          loading={dict.loading}
          treeData={dict.channelTree}
          aria-label={t('wecom.channelCode.channel')}
        />
      </FormField>
      <CorpFields corpOf={corpOf} />
      <FormField
        name="skipVerify"
        label={t('wecom.channelCode.skipVerify')}
        extra={t('wecom.channelCode.skipVerifyHint')}
        valuePropName="checked"
      >
        <Switch />
      </FormField>
      <FormField
        name="welcomeText"
        label={t('wecom.channelCode.welcome')}
        extra={t('wecom.channelCode.welcomeHint')}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </FormField>
    </>
  );
  // The first app is the default: the drawer opens once the apps are known.
  if (!code && !loaded) return null;
  if (!code)
    return (
      <ResourceDrawerForm<Values, WecomChannelCodeRow>
        id="wecom-channel-code-create"
        title={t('wecom.channelCode.createTitle')}
        schema={wecomChannelCodeCreate}
        initialValues={{ appId: apps[0]?.id, skipVerify: true, userids: [], tagIds: [], welcomeText: '' }}
        onClosed={onClosed}
        onSubmit={(v) => createChannelCode(v as Parameters<typeof createChannelCode>[0])}
        successMessage={t('wecom.channelCode.created')}
        onSuccess={onSaved}
      >
        <FormField name="appId" label={t('wecom.channelCode.app')}>
          <Select options={apps.map((a) => ({ value: a.id, label: `${a.name} (${a.corpId})` }))} />
        </FormField>
        {fields}
      </ResourceDrawerForm>
    );
  return (
    <ResourceDrawerForm<Values, WecomChannelCodeRow>
      id={`wecom-channel-code-edit-${code.id}`}
      title={t('wecom.channelCode.editTitle', { name: code.name })}
      schema={wecomChannelCodeUpdate}
      version={code.version}
      initialValues={valuesOf(code)}
      onClosed={onClosed}
      onSubmit={(v) => updateChannelCode(code.id, v as Parameters<typeof updateChannelCode>[1])}
      successMessage={t('wecom.channelCode.saved')}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getChannelCode(code.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
