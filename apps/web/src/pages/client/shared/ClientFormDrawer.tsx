import { type ClientRow, clientCreate, clientUpdate, type DuplicateResult } from '@educrm/contract/clients';
import { Button, Form, Input, Radio, Select, Space, Switch, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createClient, getClient, revealClientPhone, updateClient } from '../../../api/clients';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { useCan } from '../../../session/useCan';
import { changedValues, clientFormValues } from './clientForm';
import { duplicateOfError } from './duplicate';
import { genderOptions, levelOptions, stageOptions, subjectOptions } from './labels';
import { MobileField } from './MobileField';
import { useClientTags, useDictOptions } from './queries';
import { StaffSelect } from './StaffSelect';
import './client.css';

export type ClientFormTarget = { mode: 'create' } | { mode: 'edit'; client: ClientRow };

type OwnerMode = 'me' | 'pool' | 'user';

/** The fields both forms share, after the mobile. */
const ProfileFields = () => {
  const { t } = useTranslation();
  const dict = useDictOptions();
  const { tags, loading: tagsLoading } = useClientTags();
  return (
    <>
      <div className="client-form__row">
        <FormField name="wechatId" label={t('client.field.wechatId')}>
          <Input maxLength={64} autoComplete="off" />
        </FormField>
        <FormField name="studentName" label={t('client.field.studentName')}>
          <Input maxLength={32} autoComplete="off" />
        </FormField>
      </div>
      <div className="client-form__row">
        <FormField name="gender" label={t('client.field.gender')}>
          <Radio.Group optionType="button" options={genderOptions(t)} />
        </FormField>
        <FormField name="gradeId" label={t('client.field.grade')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={dict.loading}
            placeholder={t('client.notSet')}
            options={dict.grades.map((g) => ({ value: g.id, label: g.name }))}
          />
        </FormField>
      </div>
      <FormField name="subjects" label={t('client.field.subjects')}>
        <Select mode="multiple" allowClear optionFilterProp="label" options={subjectOptions(t)} />
      </FormField>
      <div className="client-form__row">
        <FormField name="sourcePlatformId" label={t('client.field.sourcePlatform')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={dict.loading}
            placeholder={t('client.notSet')}
            options={dict.platforms.map((p) => ({ value: p.id, label: p.name }))}
          />
        </FormField>
        <FormField name="channelId" label={t('client.field.channel')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            loading={dict.loading}
            placeholder={t('client.notSet')}
            treeData={dict.channelTree}
          />
        </FormField>
      </div>
      <div className="client-form__row">
        <FormField name="stage" label={t('client.field.stage')}>
          <Select options={stageOptions(t)} />
        </FormField>
        <FormField name="level" label={t('client.field.level')}>
          <Select allowClear placeholder={t('client.notSet')} options={levelOptions(t)} />
        </FormField>
      </div>
      <FormField name="tagIds" label={t('client.field.tags')}>
        <Select
          mode="multiple"
          allowClear
          loading={tagsLoading}
          optionFilterProp="label"
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
        />
      </FormField>
      <div className="client-form__switches">
        <FormField name="doNotCall" label={t('client.field.doNotCall')} valuePropName="checked">
          <Switch />
        </FormField>
        <FormField name="smsOptOut" label={t('client.field.smsOptOut')} valuePropName="checked">
          <Switch />
        </FormField>
      </div>
      <FormField name="remark" label={t('client.field.remark')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </FormField>
    </>
  );
};

/**
 * Create or edit a client in a drawer (DOMAIN 3.1): rules from the contract, the duplicate
 * look-up beside the mobile, and on create the owner (me by default; the pool or another user
 * with client.assign). An edit sends only the changed fields with the version read.
 */
export const ClientFormDrawer = ({
  target,
  onClosed,
  onSaved,
  onOpenClient,
}: {
  target: ClientFormTarget;
  onClosed: () => void;
  onSaved: (client: ClientRow) => void;
  /** Open another client (a duplicate of the typed mobile); the caller closes this form. */
  onOpenClient: (id: number) => void;
}) => {
  const { t } = useTranslation();
  const can = useCan();
  const [dup, setDup] = useState<DuplicateResult | null>(null);
  // The API masks every mobile; holders of client.phone.view reveal it (logged) to change it.
  const [revealedOf, setRevealed] = useState<{ id: number; mobile: string } | null>(null);
  const [revealing, setRevealing] = useState(false);

  /** A 409 duplicate: its outcome beside the mobile (the field error comes with it). */
  const withDuplicate = async <R,>(call: () => Promise<R>): Promise<R> => {
    try {
      return await call();
    } catch (error) {
      const found = duplicateOfError(error);
      if (found) setDup(found);
      throw error;
    }
  };

  if (target.mode === 'create') {
    return (
      <ResourceDrawerForm<Record<string, unknown>, ClientRow>
        id="client-create"
        title={t('client.createTitle')}
        schema={clientCreate}
        width={640}
        initialValues={{
          gender: 'UNKNOWN',
          stage: 'NEW',
          subjects: [],
          tagIds: [],
          doNotCall: false,
          smsOptOut: false,
          ownerMode: 'me',
        }}
        onClosed={onClosed}
        successMessage={t('client.created')}
        onSubmit={({ ownerMode, ownerUserId, ...values }) =>
          withDuplicate(() =>
            createClient({
              ...(values as Parameters<typeof createClient>[0]),
              ...(ownerMode === 'pool'
                ? { ownerUserId: null }
                : ownerMode === 'user' && typeof ownerUserId === 'number'
                  ? { ownerUserId }
                  : {}),
            }),
          )
        }
        onSuccess={onSaved}
      >
        <div className="client-form__row">
          <MobileField
            dup={dup}
            onDup={setDup}
            editingId={null}
            originalMobile={null}
            onOpenClient={onOpenClient}
          />
          <FormField name="name" label={t('client.field.name')} extra={t('client.nameHint')}>
            <Input maxLength={64} autoComplete="off" />
          </FormField>
        </div>
        {can('client.assign') ? <OwnerFields /> : null}
        <ProfileFields />
      </ResourceDrawerForm>
    );
  }

  const { client } = target;
  const revealed = revealedOf?.id === client.id ? revealedOf.mobile : null;
  const initial: Record<string, unknown> = clientFormValues(client);
  const masked = client.mobileMasked && revealed == null;
  // A masked mobile is not editable here (and never sent back); a revealed one is.
  if (masked) delete initial.mobile;
  else if (revealed != null) initial.mobile = revealed;
  return (
    <ResourceDrawerForm<Record<string, unknown>, ClientRow>
      key={masked ? 'masked' : 'revealed'}
      id={`client-edit-${client.id}`}
      title={t('client.editTitle', { name: client.name })}
      schema={clientUpdate}
      width={640}
      version={client.version}
      initialValues={initial}
      onClosed={onClosed}
      onSubmit={({ version, ...values }) =>
        withDuplicate(() =>
          updateClient(client.id, {
            ...(changedValues(initial, values) as Parameters<typeof updateClient>[1]),
            version: version as number,
          }),
        )
      }
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getClient(client.id);
        const values: Record<string, unknown> = clientFormValues(fresh);
        if (masked) delete values.mobile;
        else if (revealed != null) values.mobile = revealed;
        return { values, version: fresh.version };
      }}
    >
      <div className="client-form__row">
        {masked ? (
          <Form.Item
            label={t('client.field.mobile')}
            extra={can('client.phone.view') ? t('client.mobileRevealToEdit') : t('client.mobileMaskedHint')}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input value={client.mobile ?? ''} disabled aria-label={t('client.field.mobile')} />
              {can('client.phone.view') ? (
                <Button
                  loading={revealing}
                  onClick={async () => {
                    setRevealing(true);
                    try {
                      setRevealed({
                        id: client.id,
                        mobile: (await revealClientPhone(client.id)).mobile ?? '',
                      });
                    } finally {
                      setRevealing(false);
                    }
                  }}
                >
                  {t('client.mobileRevealButton')}
                </Button>
              ) : null}
            </Space.Compact>
          </Form.Item>
        ) : (
          <MobileField
            dup={dup}
            onDup={setDup}
            editingId={client.id}
            originalMobile={client.mobile}
            onOpenClient={onOpenClient}
          />
        )}
        <FormField name="name" label={t('client.field.name')} extra={t('client.nameHint')}>
          <Input maxLength={64} autoComplete="off" />
        </FormField>
      </div>
      <ProfileFields />
    </ResourceDrawerForm>
  );
};

/** Create only, with client.assign: me (default), the pool, or another user. */
const OwnerFields = () => {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="ownerMode" label={t('client.field.owner')}>
        <Radio.Group
          options={(['me', 'pool', 'user'] as OwnerMode[]).map((m) => ({
            value: m,
            label: t(`client.ownerMode.${m}`),
          }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['ownerMode']}>
        {({ getFieldValue }) =>
          getFieldValue('ownerMode') === 'user' ? (
            <FormField
              name="ownerUserId"
              label={t('client.ownerUser')}
              required
              rules={[{ required: true, message: t('client.pickStaffRequired') }]}
            >
              <StaffSelect aria-label={t('client.ownerUser')} />
            </FormField>
          ) : null
        }
      </Form.Item>
    </>
  );
};
