import { type WecomTagGroupRow, wecomTagCreate, wecomTagRename } from '@educrm/contract/wecom';
import { useQuery } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createTags, listApps, renameTag, wecomKeys } from '../../../api/wecom';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';

type Values = Record<string, unknown>;

/** The corps of the configured apps (a new tag group belongs to one). */
const useCorpOptions = () => {
  const query = useQuery({
    queryKey: [...wecomKeys.apps, 'corps'],
    queryFn: () => listApps({ pageSize: 100 }),
    staleTime: 60_000,
  });
  const corps = [...new Set((query.data?.items ?? []).map((a) => a.corpId))];
  return corps.map((c) => ({ value: c, label: c }));
};

/** A new tag group with its first tags, or new tags in an existing group. */
export const TagCreateForm = ({
  group,
  onClosed,
  onSaved,
}: {
  group: WecomTagGroupRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const corps = useCorpOptions();
  return (
    <ResourceDrawerForm<Values>
      id={group ? `wecom-tag-add-${group.id}` : 'wecom-tag-group-create'}
      title={group ? t('wecom.tag.addTitle', { group: group.name }) : t('wecom.tag.createGroup')}
      schema={wecomTagCreate}
      width={480}
      initialValues={
        group
          ? { corpId: group.corpId, groupId: group.groupId, names: [] }
          : { names: [], corpId: corps[0]?.value }
      }
      onClosed={onClosed}
      onSubmit={(v) => createTags(v as Parameters<typeof createTags>[0])}
      successMessage={t('wecom.tag.created')}
      onSuccess={onSaved}
    >
      {group ? (
        <>
          <FormField name="corpId" hidden>
            <Input />
          </FormField>
          <FormField name="groupId" hidden>
            <Input />
          </FormField>
        </>
      ) : (
        <>
          <FormField name="corpId" label={t('wecom.app.corpId')}>
            <Select options={corps} />
          </FormField>
          <FormField name="groupName" label={t('wecom.tag.groupName')} required>
            <Input maxLength={30} showCount />
          </FormField>
        </>
      )}
      <FormField name="names" label={t('wecom.tag.names')} extra={t('wecom.tag.namesHint')}>
        <Select
          mode="tags"
          open={false}
          tokenSeparators={[',', '，']}
          maxCount={20}
          aria-label={t('wecom.tag.names')}
        />
      </FormField>
    </ResourceDrawerForm>
  );
};

/** Rename a tag or a group (only ones created here). */
export const TagRenameForm = ({
  target,
  onClosed,
  onSaved,
}: {
  target: { kind: 'tag' | 'group'; id: number; name: string };
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <ResourceDrawerForm<Values>
      id={`wecom-${target.kind}-rename-${target.id}`}
      title={t('wecom.tag.renameTitle', { name: target.name })}
      schema={wecomTagRename}
      width={420}
      initialValues={{ name: target.name }}
      onClosed={onClosed}
      onSubmit={(v) => renameTag(target.kind, target.id, String(v.name))}
      successMessage={t('wecom.tag.renamed')}
      onSuccess={onSaved}
    >
      <FormField name="name" label={t('wecom.tag.name')}>
        <Input maxLength={30} showCount />
      </FormField>
    </ResourceDrawerForm>
  );
};
