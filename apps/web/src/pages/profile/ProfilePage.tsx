import { Avatar, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import './profile.css';

/** Profile (/profile/index, not cached): what /admin/info says about the user. Read-only for now. */
const ProfilePage = () => {
  const { t } = useTranslation();
  const user = useUserStore();
  return (
    <div className="page-container profile" data-testid="profile-page">
      <Card>
        <div className="profile-head">
          <Avatar size={96} src={user.avatar || undefined} alt={t('profile.avatarOf', { name: user.name })}>
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <h1 className="profile-name">{user.name}</h1>
            <p className="profile-username">@{user.username}</p>
          </div>
        </div>
        <Descriptions
          title={<h2 className="profile-section-title">{t('profile.title')}</h2>}
          column={1}
          bordered
          styles={{ label: { width: '30%', minWidth: 96 } }}
          items={[
            { key: 'nickname', label: t('profile.nickname'), children: user.name },
            { key: 'username', label: t('profile.username'), children: user.username },
            {
              key: 'roles',
              label: t('profile.roles'),
              children: user.roles.map((role) => <Tag key={role}>{role}</Tag>),
            },
            {
              key: 'dataScope',
              label: t('profile.dataScope'),
              children: user.dataScope ? t(`dataScope.${user.dataScope}`) : '',
            },
            {
              key: 'introduction',
              label: t('profile.introduction'),
              children: user.introduction || (
                <span className="profile-muted">{t('profile.noIntroduction')}</span>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
};

export default ProfilePage;
