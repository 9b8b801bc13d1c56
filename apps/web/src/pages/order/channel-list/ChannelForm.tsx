import {
  type ChannelNode,
  type ChannelRow,
  channelCreate,
  channelUpdate,
} from '@educrm/contract/dictionaries';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createChannel, getChannel, updateChannel } from '../../../api/dictionaries';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import {
  DictCodeField,
  DictNameField,
  DictRemarkField,
  DictSortField,
  DictStatusField,
} from '../shared/dict/DictFields';

type Values = Record<string, unknown>;

export type ChannelEditing =
  | { mode: 'create'; parentId: number | null }
  | { mode: 'edit'; channel: ChannelRow };

const valuesOf = (c: ChannelRow): Values => ({
  code: c.code,
  name: c.name,
  parentId: c.parentId,
  sort: c.sort,
  status: c.status,
  remark: c.remark,
});

/**
 * Create or edit an order channel (订单渠道). Channels have two levels: the parent is a top-level
 * channel, and a channel that has sub-channels stays top-level.
 */
export const ChannelForm = ({
  editing,
  tree,
  onClosed,
  onSaved,
}: {
  editing: ChannelEditing;
  /** The whole tree (parent choices). */
  tree: readonly ChannelNode[];
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const self = editing.mode === 'edit' ? editing.channel : null;
  const hasChildren = self ? tree.some((n) => n.id === self.id && n.children.length > 0) : false;
  const parents = tree
    .filter((n) => n.id !== self?.id)
    .map((n) => ({
      value: n.id,
      label: n.status === 'ENABLED' ? n.name : `${n.name} (${t('enum.status.DISABLED')})`,
      search: `${n.name} ${n.code}`,
    }));

  const fields = (
    <>
      <FormField
        name="parentId"
        label={t('dict.channel.parent')}
        extra={hasChildren ? t('dict.channel.parentLocked') : t('dict.channel.parentHint')}
      >
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'search' }}
          disabled={hasChildren}
          placeholder={t('dict.channel.topLevel')}
          options={parents}
        />
      </FormField>
      <DictCodeField />
      <DictNameField />
      <DictSortField />
      <DictStatusField />
      <DictRemarkField />
    </>
  );

  if (!self) {
    const parentId = editing.mode === 'create' ? editing.parentId : null;
    const parent = tree.find((n) => n.id === parentId);
    return (
      <ResourceDrawerForm<Values>
        id="channel-create"
        title={
          parent ? t('dict.channel.createChildTitle', { name: parent.name }) : t('dict.channel.createTitle')
        }
        schema={channelCreate}
        initialValues={{ parentId, sort: 0, status: 'ENABLED', remark: '' }}
        onClosed={onClosed}
        onSubmit={(values) => createChannel(values as Parameters<typeof createChannel>[0])}
        successMessage={t('dict.channel.created')}
        onSuccess={onSaved}
      >
        {fields}
      </ResourceDrawerForm>
    );
  }
  return (
    <ResourceDrawerForm<Values>
      id={`channel-edit-${self.id}`}
      title={t('dict.editTitle', { name: self.name })}
      schema={channelUpdate}
      version={self.version}
      initialValues={valuesOf(self)}
      onClosed={onClosed}
      onSubmit={(values) => updateChannel(self.id, values as Parameters<typeof updateChannel>[1])}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getChannel(self.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
