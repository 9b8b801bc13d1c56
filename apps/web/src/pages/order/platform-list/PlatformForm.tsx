import {
  PLATFORM_TYPES,
  type PlatformRow,
  platformCreate,
  platformUpdate,
} from '@educrm/contract/dictionaries';
import { Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createPlatform, getPlatform, updatePlatform } from '../../../api/dictionaries';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import {
  DictCodeField,
  DictNameField,
  DictRemarkField,
  DictSortField,
  DictStatusField,
} from '../shared/dict/DictFields';

type Values = Record<string, unknown>;

const valuesOf = (p: PlatformRow): Values => ({
  code: p.code,
  name: p.name,
  type: p.type,
  syncEnabled: p.syncEnabled,
  sort: p.sort,
  status: p.status,
  remark: p.remark,
});

/** Create or edit a source platform (来源平台) in a drawer. */
export const PlatformForm = ({
  platform,
  onClosed,
  onSaved,
}: {
  /** null: a new platform. */
  platform: PlatformRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const fields = (
    <>
      <DictCodeField />
      <DictNameField />
      <FormField name="type" label={t('dict.platform.type')}>
        <Radio.Group
          optionType="button"
          options={PLATFORM_TYPES.map((v) => ({ value: v, label: t(`dict.platform.types.${v}`) }))}
        />
      </FormField>
      <FormField
        name="syncEnabled"
        label={t('dict.platform.syncEnabled')}
        extra={t('dict.platform.syncHint')}
        valuePropName="checked"
      >
        <Switch />
      </FormField>
      <DictSortField />
      <DictStatusField />
      <DictRemarkField />
    </>
  );

  if (!platform) {
    return (
      <ResourceDrawerForm<Values>
        id="platform-create"
        title={t('dict.platform.createTitle')}
        schema={platformCreate}
        initialValues={{ type: 'MARKETPLACE', syncEnabled: false, sort: 0, status: 'ENABLED', remark: '' }}
        onClosed={onClosed}
        onSubmit={(values) => createPlatform(values as Parameters<typeof createPlatform>[0])}
        successMessage={t('dict.platform.created')}
        onSuccess={onSaved}
      >
        {fields}
      </ResourceDrawerForm>
    );
  }
  return (
    <ResourceDrawerForm<Values>
      id={`platform-edit-${platform.id}`}
      title={t('dict.editTitle', { name: platform.name })}
      schema={platformUpdate}
      version={platform.version}
      initialValues={valuesOf(platform)}
      onClosed={onClosed}
      onSubmit={(values) => updatePlatform(platform.id, values as Parameters<typeof updatePlatform>[1])}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getPlatform(platform.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
