import {
  TEMPLATE_TYPES,
  type TemplateRow,
  templateCreate,
  templateParamsOf,
  templateUpdate,
} from '@educrm/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { callKeys, createTemplate, getTemplate, listSigns, updateTemplate } from '../../../api/calls';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';

type Values = Record<string, unknown>;
const valuesOf = (x: TemplateRow): Values => ({
  code: x.code,
  name: x.name,
  type: x.type,
  signId: x.signId,
  content: x.content,
  applyRemark: x.applyRemark,
});

/** The variables of the content as the user types (`${name}`). */
const Params = () => {
  const { t } = useTranslation();
  const content = Form.useWatch('content') as string | undefined;
  const names = templateParamsOf(content ?? '');
  return (
    <div className="call-cell-sub" data-testid="template-params">
      {t('call.sms.params')}: {names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : '-'}
    </div>
  );
};

/** Create or edit an SMS template; editing an approved one saves a new draft. */
export const TemplateForm = ({
  template,
  onClosed,
  onSaved,
}: {
  template: TemplateRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const signs = useQuery({ queryKey: callKeys.signs, queryFn: listSigns });
  const fields = (
    <>
      <FormField name="code" label={t('call.sms.code')} extra={t('call.sms.codeHint')}>
        <Input maxLength={32} />
      </FormField>
      <FormField name="name" label={t('call.sms.name')}>
        <Input maxLength={30} />
      </FormField>
      <FormField name="type" label={t('call.sms.type')}>
        <Radio.Group
          optionType="button"
          options={TEMPLATE_TYPES.map((v) => ({ value: v, label: t(`call.enum.templateType.${v}`) }))}
        />
      </FormField>
      <FormField name="signId" label={t('call.sms.sign')}>
        <Select
          loading={signs.isPending}
          options={(signs.data?.items ?? []).map((s) => ({
            value: s.id,
            label: `${s.name} · ${t(`call.enum.signStatus.${s.status}`)}`,
          }))}
        />
      </FormField>
      <FormField name="content" label={t('call.sms.content')} extra={t('call.sms.contentHint')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3 }} />
      </FormField>
      <Params />
      <FormField name="applyRemark" label={t('call.sms.applyRemark')} extra={t('call.sms.applyRemarkHint')}>
        <Input maxLength={100} />
      </FormField>
    </>
  );
  if (!template)
    return (
      <ResourceDrawerForm<Values>
        id="template-create"
        title={t('call.sms.createTitle')}
        schema={templateCreate}
        initialValues={{
          type: 'NOTICE',
          applyRemark: '',
          signId: signs.data?.items.find((s) => s.isDefault)?.id,
        }}
        onClosed={onClosed}
        onSubmit={(v) => createTemplate(v as Parameters<typeof createTemplate>[0])}
        successMessage={t('call.sms.created')}
        onSuccess={onSaved}
      >
        {fields}
      </ResourceDrawerForm>
    );
  return (
    <ResourceDrawerForm<Values>
      id={`template-edit-${template.id}`}
      title={t('call.sms.editTitle', { name: template.name })}
      schema={templateUpdate}
      version={template.version}
      initialValues={valuesOf(template)}
      onClosed={onClosed}
      onSubmit={(v) => updateTemplate(template.id, v as Parameters<typeof updateTemplate>[1])}
      successMessage={template.auditStatus === 'APPROVED' ? t('call.sms.clonedDraft') : undefined}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getTemplate(template.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
