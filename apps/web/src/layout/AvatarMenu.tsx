import { CaretDownOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginPath } from '../session/redirect';
import { logout } from '../session/session';
import { useUserStore } from '../stores/user';

/** Avatar menu (spec section 2): Profile, Dashboard, Log out -> /login?redirect=<current full path>. */
export const AvatarMenu = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);

  const signOut = async () => {
    const fullPath = `${location.pathname}${location.search}`;
    await logout();
    navigate(loginPath(fullPath), { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', label: <Link to="/profile/index">{t('navbar.profile')}</Link> },
          { key: 'dashboard', label: <Link to="/">{t('navbar.dashboard')}</Link> },
          { type: 'divider' },
          { key: 'logout', label: t('navbar.logOut'), onClick: signOut },
        ],
      }}
    >
      <Button type="text" className="avatar-button">
        <span aria-hidden="true">
          {/* The initial as the icon, not as text: a text child makes Avatar measure it after
              mounting (offsetWidth), a layout of the whole page before its first paint. */}
          <Avatar
            size={30}
            src={avatar || undefined}
            alt=""
            icon={<span className="avatar-button__initial">{name.slice(0, 1).toUpperCase()}</span>}
          />
        </span>
        <span className="avatar-button__name">{name}</span>
        <span className="visually-hidden">{t('navbar.userMenu')}</span>
        <CaretDownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
};
