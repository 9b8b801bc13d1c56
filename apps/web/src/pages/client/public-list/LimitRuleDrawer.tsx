import { LIMIT_TYPES, type LimitRuleRow, limitRuleCreate, limitRuleUpdate } from '@educrm/contract/clients';
import { Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { createLimitRule, listLimitRules, updateLimitRule } from '../../../api/pool';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { useDepartments } from '../../system/queries';
import { StaffMultiSelect } from './StaffSelect';

type Values = Record<string, unknown>;

/** "Deal clients count" only means something for OWNER_LIMIT (its field is hidden otherwise). */
const withDealCounts = (values: Values): Values => ({
  ...values,
  dealCounts: values.type === 'OWNER_LIMIT' ? Boolean(values.dealCounts) : false,
});

const valuesOf = (r: LimitRuleRow): Values => ({
  type: r.type,
  userIds: r.userIds,
  deptIds: r.deptIds,
  maxCount: r.maxCount,
  dealCounts: r.dealCounts,
  remark: r.remark,
});

/**
 * Create or edit a limit rule: how many clients the named users / departments (or everyone) may
 * own (OWNER_LIMIT) or lock (LOCK_LIMIT). The tightest rule that applies to a user wins.
 */
export const LimitRuleDrawer = ({
  rule,
  onClosed,
  onSaved,
}: {
  /** null: a new rule. */
  rule: LimitRuleRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const depts = useDepartments();
  const fields = (
    <>
      <FormField name="type" label={t('client.pool.ruleType')}>
        <Radio.Group
          optionType="button"
          options={LIMIT_TYPES.map((v) => ({ value: v, label: t(`client.pool.ruleTypes.${v}`) }))}
        />
      </FormField>
      <FormField name="maxCount" label={t('client.pool.maxCount')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
      </FormField>
      <p className="pool-muted">{t('client.pool.targetsHint')}</p>
      <FormField name="userIds" label={t('client.pool.ruleUsers')}>
        <StaffMultiSelect placeholder={t('client.pool.everyone')} />
      </FormField>
      <FormField name="deptIds" label={t('client.pool.ruleDepts')}>
        <TreeSelect
          multiple
          allowClear
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          treeData={depts.options}
          loading={depts.isFetching}
          placeholder={t('client.pool.everyone')}
        />
      </FormField>
      <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.type !== b.type}>
        {({ getFieldValue }) =>
          getFieldValue('type') === 'OWNER_LIMIT' ? (
            <FormField
              name="dealCounts"
              label={t('client.pool.dealCounts')}
              extra={t('client.pool.dealCountsHint')}
              valuePropName="checked"
            >
              <Switch />
            </FormField>
          ) : null
        }
      </Form.Item>
      <FormField name="remark" label={t('client.pool.ruleRemark')}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </FormField>
    </>
  );

  if (!rule) {
    return (
      <ResourceDrawerForm<Values>
        id="limit-rule-create"
        title={t('client.pool.ruleCreateTitle')}
        width={520}
        schema={limitRuleCreate}
        initialValues={{
          type: 'OWNER_LIMIT',
          userIds: [],
          deptIds: [],
          maxCount: 300,
          dealCounts: false,
          remark: '',
        }}
        onClosed={onClosed}
        onSubmit={(values) =>
          createLimitRule(withDealCounts(values) as Parameters<typeof createLimitRule>[0])
        }
        successMessage={t('client.pool.ruleCreated')}
        onSuccess={onSaved}
      >
        {fields}
      </ResourceDrawerForm>
    );
  }
  return (
    <ResourceDrawerForm<Values>
      id={`limit-rule-edit-${rule.id}`}
      title={t('client.pool.ruleEditTitle')}
      width={520}
      schema={limitRuleUpdate}
      version={rule.version}
      initialValues={valuesOf(rule)}
      onClosed={onClosed}
      onSubmit={(values) =>
        updateLimitRule(rule.id, withDealCounts(values) as Parameters<typeof updateLimitRule>[1])
      }
      onSuccess={onSaved}
      onReload={async () => {
        const { items } = await listLimitRules();
        const fresh = items.find((r) => r.id === rule.id);
        if (!fresh) throw new Error(t('client.pool.ruleGone'));
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
