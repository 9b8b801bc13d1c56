import {
  type ClientStage,
  FOLLOW_UP_CONTENT_MAX,
  type FollowUpRow,
  followUpCreate,
  followUpUpdate,
} from '@educrm/contract/clients';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createFollowUp, getFollowUp, updateFollowUp } from '../../../api/clients';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { isFutureTime, nextFollowPresets } from './followUp';
import { followTypeOptions, StageTag, stageOptions } from './labels';
import './client.css';

export type FollowUpFormTarget =
  | { mode: 'create'; client: { id: number; name: string; stage: ClientStage } }
  | { mode: 'edit'; followUp: FollowUpRow };

/** The date picker works with dayjs; the form (and the contract) with ISO instants. */
const toPicker = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null });
const fromPicker = (value: Dayjs | null | undefined) =>
  value ? value.second(0).millisecond(0).toISOString() : null;

/** `original`: the time already saved (an edit may keep it even when it has passed). */
const NextFollowField = ({ original = null }: { original?: string | null }) => {
  const { t } = useTranslation();
  const presets = useMemo(
    () => nextFollowPresets().map((p) => ({ label: t(`client.followUp.quick.${p.key}`), value: p.value })),
    [t],
  );
  return (
    <FormField
      name="nextFollowTime"
      label={t('client.field.nextFollow')}
      extra={t('client.followUp.nextHint')}
      getValueProps={toPicker}
      normalize={fromPicker}
      rules={[
        {
          validator: async (_rule, value: unknown) => {
            if (typeof value === 'string' && value !== original && !isFutureTime(value))
              throw new Error(t('client.followUp.nextInPast'));
          },
        },
      ]}
    >
      <DatePicker
        showTime={{ format: 'HH:mm', minuteStep: 5 }}
        format="YYYY-MM-DD HH:mm"
        presets={presets}
        disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
        style={{ width: '100%' }}
        aria-label={t('client.field.nextFollow')}
      />
    </FormField>
  );
};

/**
 * Write a follow-up on a client, or edit one's type, content and next time (the author, within
 * 24 h). Writing one updates the client (last follow-up, next time, optional stage change).
 */
export const FollowUpFormDrawer = ({
  target,
  onClosed,
  onSaved,
}: {
  target: FollowUpFormTarget;
  onClosed: () => void;
  onSaved: (row: FollowUpRow) => void;
}) => {
  const { t } = useTranslation();
  const typeField = (
    <FormField name="type" label={t('client.followUp.type')}>
      <Radio.Group optionType="button" options={followTypeOptions(t)} />
    </FormField>
  );
  const contentField = (
    <FormField name="content" label={t('client.followUp.content')}>
      <Input.TextArea
        maxLength={FOLLOW_UP_CONTENT_MAX}
        showCount
        autoSize={{ minRows: 4, maxRows: 12 }}
        placeholder={t('client.followUp.contentPlaceholder')}
      />
    </FormField>
  );

  if (target.mode === 'create') {
    const { client } = target;
    return (
      <ResourceDrawerForm<Record<string, unknown>, FollowUpRow>
        id={`follow-up-create-${client.id}`}
        title={t('client.followUp.createTitle', { name: client.name })}
        schema={followUpCreate}
        initialValues={{ type: 'CALL' }}
        onClosed={onClosed}
        successMessage={t('client.followUp.created')}
        onSubmit={(values) =>
          createFollowUp({
            ...(values as Omit<Parameters<typeof createFollowUp>[0], 'clientId'>),
            clientId: client.id,
          })
        }
        onSuccess={onSaved}
      >
        <Form.Item label={t('client.followUp.currentStage')}>
          <StageTag stage={client.stage} />
        </Form.Item>
        {typeField}
        {contentField}
        <FormField
          name="stageAfter"
          label={t('client.followUp.stageAfter')}
          extra={t('client.followUp.stageHint')}
        >
          <Select
            allowClear
            placeholder={t('client.followUp.stageUnchanged')}
            options={stageOptions(t).filter((o) => o.value !== client.stage)}
          />
        </FormField>
        <NextFollowField />
      </ResourceDrawerForm>
    );
  }

  const { followUp } = target;
  const valuesOf = (f: FollowUpRow) => ({
    type: f.type,
    content: f.content,
    nextFollowTime: f.nextFollowTime,
  });
  return (
    <ResourceDrawerForm<Record<string, unknown>, FollowUpRow>
      id={`follow-up-edit-${followUp.id}`}
      title={t('client.followUp.editTitle', { name: followUp.clientName })}
      schema={followUpUpdate}
      version={followUp.version}
      initialValues={valuesOf(followUp)}
      onClosed={onClosed}
      onSubmit={({ nextFollowTime, ...values }) => {
        // A cleared time is sent as null (no next follow-up); an unchanged one is not sent.
        const next = (nextFollowTime as string | undefined) ?? null;
        return updateFollowUp(followUp.id, {
          ...(values as Parameters<typeof updateFollowUp>[1]),
          ...(next === followUp.nextFollowTime ? {} : { nextFollowTime: next }),
        });
      }}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getFollowUp(followUp.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {typeField}
      {contentField}
      <NextFollowField original={followUp.nextFollowTime} />
    </ResourceDrawerForm>
  );
};
