import {
  CALL_PROVIDERS,
  NUMBER_MODES,
  NUMBER_STATUSES,
  NUMBER_TYPES,
  type NumberRow,
  numberCreate,
  numberUpdate,
} from '@educrm/contract/calls';
import { Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { createNumber, getNumber, updateNumber } from '../../../api/calls';
import { ExpandedTreeSelect } from '../../../components/ExpandedTreeSelect';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { StaffSelect } from '../../client/shared/StaffSelect';
import { useDepartments } from '../../system/queries';

type Values = Record<string, unknown>;
const valuesOf = (n: NumberRow): Values => ({
  number: n.number,
  numberType: n.numberType,
  provider: n.provider,
  providerRef: n.providerRef,
  city: n.city,
  carrier: n.carrier,
  mode: n.mode,
  assignedUserIds: n.assignedUserIds,
  assignedDeptIds: n.assignedDeptIds,
  dailyLimit: n.dailyLimit,
  concurrency: n.concurrency,
  callWindowStart: n.callWindowStart,
  callWindowEnd: n.callWindowEnd,
  status: n.status,
  monthlyCost: n.monthlyCost,
  remark: n.remark,
});

/** Create or edit a caller number (号码) in a drawer. */
export const NumberForm = ({
  number,
  onClosed,
  onSaved,
}: {
  number: NumberRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const depts = useDepartments();
  const fields = (
    <>
      <FormField name="number" label={t('call.number.number')} extra={t('call.number.numberHint')}>
        <Input maxLength={24} />
      </FormField>
      <FormField name="numberType" label={t('call.number.type')}>
        <Select options={NUMBER_TYPES.map((v) => ({ value: v, label: t(`call.enum.numberType.${v}`) }))} />
      </FormField>
      <FormField name="provider" label={t('call.number.provider')}>
        <Radio.Group
          optionType="button"
          options={CALL_PROVIDERS.map((v) => ({ value: v, label: t(`call.enum.provider.${v}`) }))}
        />
      </FormField>
      <FormField name="mode" label={t('call.number.mode')} extra={t('call.number.modeHint')}>
        <Radio.Group
          optionType="button"
          options={NUMBER_MODES.map((v) => ({ value: v, label: t(`call.enum.numberMode.${v}`) }))}
        />
      </FormField>
      <FormField name="assignedUserIds" label={t('call.number.assignedUsers')}>
        <StaffSelect multiple />
      </FormField>
      <FormField
        name="assignedDeptIds"
        label={t('call.number.assignedDepts')}
        extra={t('call.number.assignedHint')}
      >
        <ExpandedTreeSelect
          multiple
          allowClear
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          treeData={depts.options}
          loading={depts.isFetching}
          data-testid="number-assigned-depts"
        />
      </FormField>
      <Space size="large" wrap>
        <FormField name="dailyLimit" label={t('call.number.dailyLimit')}>
          <InputNumber min={0} max={100000} />
        </FormField>
        <FormField name="concurrency" label={t('call.number.concurrency')}>
          <InputNumber min={1} max={1000} />
        </FormField>
      </Space>
      <Space size="large" wrap>
        <FormField name="callWindowStart" label={t('call.number.windowStart')}>
          <Input placeholder="09:00" maxLength={5} style={{ width: 100 }} />
        </FormField>
        <FormField name="callWindowEnd" label={t('call.number.windowEnd')}>
          <Input placeholder="20:30" maxLength={5} style={{ width: 100 }} />
        </FormField>
      </Space>
      <Space size="large" wrap>
        <FormField name="city" label={t('call.number.city')}>
          <Input maxLength={32} />
        </FormField>
        <FormField name="carrier" label={t('call.number.carrier')}>
          <Input maxLength={32} />
        </FormField>
      </Space>
      <FormField name="status" label={t('call.number.status')}>
        <Select
          options={NUMBER_STATUSES.map((v) => ({ value: v, label: t(`call.enum.numberStatus.${v}`) }))}
        />
      </FormField>
      <FormField name="remark" label={t('call.number.remark')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
      </FormField>
    </>
  );
  if (!number)
    return (
      <ResourceDrawerForm<Values>
        id="number-create"
        title={t('call.number.createTitle')}
        schema={numberCreate}
        initialValues={{
          numberType: 'LANDLINE',
          provider: 'sandbox',
          mode: 'POOL',
          assignedUserIds: [],
          assignedDeptIds: [],
          dailyLimit: 200,
          concurrency: 1,
          callWindowStart: '09:00',
          callWindowEnd: '20:30',
          status: 'AVAILABLE',
          city: '',
          carrier: '',
          remark: '',
        }}
        onClosed={onClosed}
        onSubmit={(v) => createNumber(v as Parameters<typeof createNumber>[0])}
        successMessage={t('call.number.created')}
        onSuccess={onSaved}
      >
        {fields}
      </ResourceDrawerForm>
    );
  return (
    <ResourceDrawerForm<Values>
      id={`number-edit-${number.id}`}
      title={t('call.number.editTitle', { number: number.number })}
      schema={numberUpdate}
      version={number.version}
      initialValues={valuesOf(number)}
      onClosed={onClosed}
      onSubmit={(v) => updateNumber(number.id, v as Parameters<typeof updateNumber>[1])}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getNumber(number.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
