import { DICT_STATUSES } from '@educrm/contract/dictionaries';
import { Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/ResourceForm/ResourceForm';

/** The fields every order dictionary's form has (rules from the form's contract schema). */
export const DictCodeField = () => {
  const { t } = useTranslation();
  return (
    <FormField name="code" label={t('dict.code')} extra={t('dict.codeHint')}>
      <Input maxLength={32} autoComplete="off" spellCheck={false} />
    </FormField>
  );
};

export const DictNameField = () => {
  const { t } = useTranslation();
  return (
    <FormField name="name" label={t('dict.name')}>
      <Input maxLength={64} autoComplete="off" />
    </FormField>
  );
};

export const DictSortField = () => {
  const { t } = useTranslation();
  return (
    <FormField name="sort" label={t('dict.sort')} extra={t('dict.sortHint')}>
      <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
    </FormField>
  );
};

export const DictStatusField = () => {
  const { t } = useTranslation();
  return (
    <FormField name="status" label={t('dict.status')} extra={t('dict.statusHint')}>
      <Radio.Group
        optionType="button"
        options={DICT_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) }))}
      />
    </FormField>
  );
};

export const DictRemarkField = () => {
  const { t } = useTranslation();
  return (
    <FormField name="remark" label={t('dict.remark')}>
      <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
    </FormField>
  );
};
