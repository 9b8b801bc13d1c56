import { LANGUAGES, type Language } from '@educrm/contract/constants';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  changePasswordBody,
  type Profile,
  profileUpdate,
} from '@educrm/contract/system';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Descriptions, Input, Select, Skeleton, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  changePassword,
  endOwnSession,
  getProfile,
  listOwnSessions,
  profileKeys,
  updateProfile,
  uploadAvatar,
} from '../../api/profile';
import { ImageUpload } from '../../components/ImageUpload';
import { LANGUAGE_NAMES } from '../../components/LangSelect/languages';
import { FormField, ResourceForm } from '../../components/ResourceForm/ResourceForm';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { SessionsTable } from '../system/SessionsTable';
import { MfaPanel } from './MfaPanel';
import './profile.css';
import { roleName } from '../../utils/roleText';

const TABS = ['account', 'password', 'sessions', 'mfa'] as const;
type Tab = (typeof TABS)[number];

const AccountForm = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setLanguage = useAppStore((s) => s.setLanguage);
  const language = useAppStore((s) => s.language);
  return (
    <ResourceForm<{ nickname: string; introduction: string; lang: Language | '' | null }, Profile>
      id="profile-account"
      title={t('profile.accountTab')}
      schema={profileUpdate}
      initialValues={{
        nickname: profile.nickname,
        introduction: profile.introduction,
        lang: profile.lang ?? '',
      }}
      // "" is "follow the browser": no preferred language on the account.
      onSubmit={(values) => updateProfile({ ...values, lang: values.lang || null })}
      onSuccess={async (saved) => {
        queryClient.setQueryData(profileKeys.profile, saved);
        useUserStore.setState({ name: saved.nickname || saved.username, introduction: saved.introduction });
        if (saved.lang && saved.lang !== language) await setLanguage(saved.lang);
      }}
    >
      <FormField name="nickname" label={t('profile.nickname')}>
        <Input maxLength={64} autoComplete="nickname" />
      </FormField>
      <FormField name="introduction" label={t('profile.introduction')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
      </FormField>
      <FormField name="lang" label={t('profile.language')} extra={t('profile.languageHint')}>
        <Select<Language | ''>
          placeholder={t('profile.languageAuto')}
          options={[
            { value: '', label: t('profile.languageAuto') },
            ...LANGUAGES.map((lang) => ({
              value: lang,
              label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
            })),
          ]}
        />
      </FormField>
    </ResourceForm>
  );
};

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword?: string;
}

const PasswordForm = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <ResourceForm<PasswordValues, { endedSessions: number }>
      id="profile-password"
      title={t('profile.passwordTab')}
      schema={changePasswordBody}
      successMessage={false}
      onSubmit={({ currentPassword, newPassword }) => changePassword({ currentPassword, newPassword })}
      onSuccess={(result) => {
        void message.success(t('profile.passwordChanged', { count: result.endedSessions }));
        void queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
      }}
      submitText={t('profile.changePassword')}
    >
      <p className="profile-muted">{t('profile.passwordHint')}</p>
      <FormField name="currentPassword" label={t('profile.currentPassword')}>
        <Input.Password maxLength={1024} autoComplete="current-password" />
      </FormField>
      <FormField name="newPassword" label={t('profile.newPassword')}>
        <Input.Password maxLength={128} autoComplete="new-password" />
      </FormField>
      <FormField
        name="confirmPassword"
        label={t('profile.confirmPassword')}
        dependencies={['newPassword']}
        required
        rules={[
          { required: true, message: t('profile.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value) => {
              if (value && value !== getFieldValue('newPassword'))
                throw new Error(t('profile.confirmMismatch'));
            },
          }),
        ]}
      >
        <Input.Password maxLength={128} autoComplete="new-password" />
      </FormField>
    </ResourceForm>
  );
};

const OwnSessions = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: profileKeys.sessions, queryFn: listOwnSessions, staleTime: 0 });
  return (
    <>
      <p className="profile-muted">{t('profile.sessionsHint')}</p>
      {query.isError ? <Alert type="error" showIcon title={query.error.message} /> : null}
      <SessionsTable
        label={t('profile.sessionsTab')}
        sessions={query.data?.items ?? []}
        loading={query.isFetching}
        onEnd={async (session) => {
          await endOwnSession(session.id);
          void message.success(t('sessions.ended'));
          await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
        }}
      />
    </>
  );
};

/**
 * Profile (/profile/index, not cached): the signed-in user's own account: avatar, nickname,
 * introduction, preferred language, password and active sessions.
 */
const ProfilePage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserStore();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'account';
  const query = useQuery({ queryKey: profileKeys.profile, queryFn: getProfile, staleTime: 0 });
  const profile = query.data;
  const name = profile?.nickname || user.name;

  return (
    <div className="page-container profile" data-testid="profile-page">
      <div className="profile-grid">
        <Card className="profile-card">
          <div className="profile-head">
            <ImageUpload
              value={profile?.avatarUrl ?? user.avatar}
              upload={async (file, onProgress) => {
                const { avatarUrl } = await uploadAvatar(file, onProgress);
                useUserStore.setState({ avatar: avatarUrl });
                await queryClient.invalidateQueries({ queryKey: profileKeys.profile });
                return avatarUrl;
              }}
              types={AVATAR_TYPES}
              maxBytes={AVATAR_MAX_BYTES}
              alt={t('profile.avatarOf', { name })}
              fallback={name.slice(0, 1).toUpperCase()}
            />
          </div>
          <h1 className="profile-name">{name}</h1>
          <p className="profile-username">@{user.username}</p>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'department',
                label: t('profile.department'),
                children: profile?.departmentName ?? <span className="profile-muted">-</span>,
              },
              {
                key: 'roles',
                label: t('profile.roles'),
                children: (profile?.roles ?? user.roles.map((key) => ({ key, name: key }))).map((role) => (
                  <Tag key={role.key}>{roleName(t, role)}</Tag>
                )),
              },
              {
                key: 'dataScope',
                label: t('profile.dataScope'),
                children: user.dataScope ? t(`dataScope.${user.dataScope}`) : '',
              },
              {
                key: 'introduction',
                label: t('profile.introduction'),
                children: (profile?.introduction ?? user.introduction) || (
                  <span className="profile-muted">{t('profile.noIntroduction')}</span>
                ),
              },
            ]}
          />
        </Card>
        <Card className="profile-card">
          <Tabs
            activeKey={tab}
            onChange={(key) =>
              setSearch(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (key === 'account') next.delete('tab');
                  else next.set('tab', key);
                  return next;
                },
                { replace: true },
              )
            }
            items={[
              {
                key: 'account',
                label: t('profile.accountTab'),
                children: profile ? (
                  <AccountForm key={profile.version} profile={profile} />
                ) : query.isError ? (
                  <Alert type="error" showIcon title={query.error.message} />
                ) : (
                  <Skeleton active />
                ),
              },
              { key: 'password', label: t('profile.passwordTab'), children: <PasswordForm /> },
              { key: 'sessions', label: t('profile.sessionsTab'), children: <OwnSessions /> },
              { key: 'mfa', label: t('profile.mfaTab'), children: <MfaPanel /> },
            ]}
          />
        </Card>
      </div>
    </div>
  );
};

export default ProfilePage;
