import {
  SCRIPT_CATEGORIES,
  SCRIPT_VARIABLES,
  type ScriptRow,
  scriptCreate,
  scriptUpdate,
} from '@educrm/contract/calls';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { createScript, getScript, updateScript } from '../../../api/calls';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { RichTextEditor } from '../../product/form/RichTextEditor';

type Values = Record<string, unknown>;
const valuesOf = (s: ScriptRow): Values => ({
  title: s.title,
  category: s.category,
  productIds: s.productIds,
  gradeIds: s.gradeIds,
  content: s.content,
  qaPairs: s.qaPairs,
  keywords: s.keywords,
  sort: s.sort,
});

/**
 * Create or edit a call script: rich text with variables ({客户称呼} ...), Q&A pairs, keywords.
 * Editing a published script saves the next draft version (the published one stays until then).
 */
export const ScriptForm = ({
  script,
  onClosed,
  onSaved,
}: {
  script: ScriptRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const fields = (
    <>
      <FormField name="title" label={t('call.script.title')}>
        <Input maxLength={64} />
      </FormField>
      <FormField name="category" label={t('call.script.category')}>
        <Select options={SCRIPT_CATEGORIES.map((v) => ({ value: v, label: t(`call.enum.category.${v}`) }))} />
      </FormField>
      <FormField
        name="content"
        label={t('call.script.content')}
        extra={t('call.script.variablesHint', { vars: SCRIPT_VARIABLES.map((v) => `{${v}}`).join(' ') })}
      >
        <RichTextEditor label={t('call.script.content')} />
      </FormField>
      <Form.List name="qaPairs">
        {(items, { add, remove }) => (
          <fieldset className="call-qa">
            <legend>{t('call.script.qa')}</legend>
            {items.map((item, i) => (
              <Space key={item.key} align="start" className="call-qa__row" wrap>
                <Form.Item
                  name={[item.name, 'question']}
                  rules={[{ required: true, message: t('call.required') }]}
                >
                  <Input
                    placeholder={t('call.script.question')}
                    aria-label={`${t('call.script.question')} ${i + 1}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[item.name, 'answer']}
                  rules={[{ required: true, message: t('call.required') }]}
                >
                  <Input.TextArea
                    autoSize
                    placeholder={t('call.script.answer')}
                    aria-label={`${t('call.script.answer')} ${i + 1}`}
                  />
                </Form.Item>
                <Button onClick={() => remove(item.name)}>{t('common.delete')}</Button>
              </Space>
            ))}
            <Button onClick={() => add({ question: '', answer: '' })}>{t('call.script.addQa')}</Button>
          </fieldset>
        )}
      </Form.List>
      <FormField name="keywords" label={t('call.script.keywords')}>
        <Select mode="tags" tokenSeparators={[',', '，']} />
      </FormField>
      <FormField name="sort" label={t('call.script.sort')}>
        <InputNumber min={0} max={99999} />
      </FormField>
    </>
  );
  if (!script)
    return (
      <ResourceDrawerForm<Values>
        id="script-create"
        title={t('call.script.createTitle')}
        schema={scriptCreate}
        initialValues={{
          category: 'OPENING',
          content: '',
          qaPairs: [],
          keywords: [],
          productIds: [],
          gradeIds: [],
          sort: 0,
        }}
        onClosed={onClosed}
        onSubmit={(v) => createScript(v as Parameters<typeof createScript>[0])}
        successMessage={t('call.script.created')}
        onSuccess={onSaved}
        width={760}
      >
        {fields}
      </ResourceDrawerForm>
    );
  return (
    <ResourceDrawerForm<Values>
      id={`script-edit-${script.id}`}
      title={t('call.script.editTitle', { title: script.title, version: script.versionNo })}
      schema={scriptUpdate}
      version={script.version}
      initialValues={valuesOf(script)}
      onClosed={onClosed}
      onSubmit={(v) => updateScript(script.id, v as Parameters<typeof updateScript>[1])}
      successMessage={script.status === 'DRAFT' ? undefined : t('call.script.newVersion')}
      onSuccess={onSaved}
      width={760}
      onReload={async () => {
        const fresh = await getScript(script.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};
