import {
  type AdminUserRow,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  adminUserCreate,
  adminUserUpdate,
  USER_STATUSES,
} from '@educrm/contract/system';
import { Form, Input, Radio, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/http';
import { createAdminUser, getAdminUser, updateAdminUser } from '../../../api/system';
import { ImageUpload } from '../../../components/ImageUpload';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { roleName } from '../../../utils/roleText';
import { useDepartments, useRoles } from '../queries';

/** Admin avatars go to the image store; the user row keeps the URL (saved with the form). */
const uploadImage = async (file: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  const { url } = await request<{ id: string; url: string }>({
    url: '/v1/files/images',
    method: 'post',
    data: form,
    timeout: 60_000,
    silent: true,
    onUploadProgress: (e) => {
      if (e.total) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
  return url;
};

type Mode = { mode: 'create' } | { mode: 'edit'; user: AdminUserRow };

const valuesOf = (user: AdminUserRow) => ({
  nickname: user.nickname,
  departmentId: user.departmentId,
  roleIds: user.roles.map((r) => r.id),
  mobile: user.mobile,
  email: user.email,
  status: user.status,
  introduction: user.introduction,
  avatarUrl: user.avatarUrl,
});

/** The fields both forms share. */
const CommonFields = () => {
  const { t } = useTranslation();
  const depts = useDepartments();
  const { roles, isFetching } = useRoles();
  return (
    <>
      <FormField name="nickname" label={t('system.user.nickname')}>
        <Input maxLength={64} autoComplete="off" />
      </FormField>
      <FormField name="departmentId" label={t('system.user.department')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          treeData={depts.options}
          loading={depts.isFetching}
          placeholder={t('system.user.noDepartment')}
        />
      </FormField>
      <FormField name="roleIds" label={t('system.user.roles')}>
        <Select
          mode="multiple"
          loading={isFetching}
          optionFilterProp="label"
          options={roles.map((r) => ({
            value: r.id,
            label: `${roleName(t, r)} (${r.key})`,
            disabled: r.status === 'DISABLED',
          }))}
        />
      </FormField>
      <FormField name="mobile" label={t('system.user.mobile')}>
        <Input maxLength={20} inputMode="tel" autoComplete="off" />
      </FormField>
      <FormField name="email" label={t('system.user.email')}>
        <Input maxLength={128} type="email" autoComplete="off" />
      </FormField>
      <FormField name="status" label={t('system.user.status')}>
        <Radio.Group
          optionType="button"
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) }))}
        />
      </FormField>
      <FormField name="introduction" label={t('system.user.introduction')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </FormField>
    </>
  );
};

/**
 * Create or edit an admin user in a drawer. Create: the username (spec helper rule, unique: the
 * server answers a field error) and an initial password either generated (shown once after saving)
 * or set here. Edit: everything but the username, with the row's version.
 */
export const UserFormDrawer = ({
  target,
  onClosed,
  onSaved,
  onCreated,
}: {
  target: Mode;
  onClosed: () => void;
  onSaved: () => void;
  /** After a create: the generated password (null when the admin set one). */
  onCreated: (user: AdminUserRow, password: string | null) => void;
}) => {
  const { t } = useTranslation();

  if (target.mode === 'create') {
    return (
      <ResourceDrawerForm<Record<string, unknown>, { user: AdminUserRow; password: string | null }>
        id="user-create"
        title={t('system.user.createTitle')}
        schema={adminUserCreate}
        initialValues={{ status: 'ENABLED', roleIds: [], passwordMode: 'generate', departmentId: null }}
        onClosed={onClosed}
        onSubmit={({ passwordMode, password, ...values }) =>
          createAdminUser({
            ...(values as Parameters<typeof createAdminUser>[0]),
            ...(passwordMode === 'set' && typeof password === 'string' ? { password } : {}),
          })
        }
        successMessage={t('system.user.created')}
        onSuccess={(result) => {
          onSaved();
          onCreated(result.user, result.password);
        }}
      >
        <FormField name="username" label={t('system.user.username')} extra={t('system.user.usernameHint')}>
          <Input maxLength={16} autoComplete="off" />
        </FormField>
        <CommonFields />
        <Form.Item name="passwordMode" label={t('system.user.initialPassword')}>
          <Radio.Group
            options={[
              { value: 'generate', label: t('system.user.passwordGenerate') },
              { value: 'set', label: t('system.user.passwordSet') },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['passwordMode']}>
          {({ getFieldValue }) =>
            getFieldValue('passwordMode') === 'set' ? (
              <FormField
                name="password"
                label={t('system.user.password')}
                required
                rules={[{ required: true, message: t('validation.passwordRequired') }]}
                extra={t('system.user.passwordHint')}
              >
                <Input.Password maxLength={128} autoComplete="new-password" />
              </FormField>
            ) : null
          }
        </Form.Item>
      </ResourceDrawerForm>
    );
  }

  const { user } = target;
  return (
    <ResourceDrawerForm<Record<string, unknown>, AdminUserRow>
      id={`user-edit-${user.id}`}
      title={t('system.user.editTitle', { name: user.username })}
      schema={adminUserUpdate}
      version={user.version}
      initialValues={valuesOf(user)}
      onClosed={onClosed}
      onSubmit={(values) => updateAdminUser(user.id, values as Parameters<typeof updateAdminUser>[1])}
      onSuccess={onSaved}
      onReload={async () => {
        const fresh = await getAdminUser(user.id);
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      <Form.Item label={t('system.user.username')}>
        <Input value={user.username} disabled aria-label={t('system.user.username')} />
      </Form.Item>
      <FormField name="avatarUrl" label={t('system.user.avatar')}>
        <AvatarField
          fallback={user.nickname.slice(0, 1).toUpperCase()}
          alt={t('profile.avatarOf', { name: user.nickname })}
        />
      </FormField>
      <CommonFields />
    </ResourceDrawerForm>
  );
};

const AvatarField = ({
  value,
  onChange,
  id,
  alt,
  fallback,
}: {
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
  alt: string;
  fallback: string;
}) => (
  <ImageUpload
    id={id}
    value={value}
    onChange={onChange}
    upload={uploadImage}
    types={AVATAR_TYPES}
    maxBytes={AVATAR_MAX_BYTES}
    alt={alt}
    fallback={fallback}
    onRemove={() => onChange?.('')}
  />
);
