import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';

export const Hamburger = () => {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  return (
    <Button
      type="text"
      className="hamburger"
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      aria-label={t('navbar.toggleSidebar')}
      aria-expanded={opened}
      onClick={toggle}
    />
  );
};
