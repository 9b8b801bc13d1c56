import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/queryClient';
import { AntdProvider } from '../components/AntdProvider';
import '../i18n/dayjs';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { AppMain } from './AppMain/AppMain';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar/Sidebar';
import { TagsView } from './TagsView/TagsView';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { useResizeHandler } from './useResizeHandler';
import { useTokenRefresh } from './useTokenRefresh';
import './layout.css';

/** The console shell (spec section 2): sidebar, navbar, tags bar, kept-alive pages, settings. */
const Layout = () => {
  const { t } = useTranslation();
  const sidebar = useAppStore((s) => s.sidebar);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const tagsView = useSettingsStore((s) => s.tagsView);
  useResizeHandler();
  useTokenRefresh();

  const classes = [
    'app-wrapper',
    sidebar.opened ? 'openSidebar' : 'hideSidebar',
    sidebar.withoutAnimation ? 'withoutAnimation' : '',
    mobile ? 'mobile' : '',
    fixedHeader ? 'hasFixedHeader' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <AntdProvider>
      <AntApp component={false}>
        <QueryClientProvider client={queryClient}>
          <div className={classes}>
            <a className="skip-link" href="#main-content">
              {t('navbar.skipToContent')}
            </a>
            {mobile && sidebar.opened ? (
              <button
                type="button"
                className="drawer-bg"
                tabIndex={-1}
                aria-label={t('navbar.closeSidebar')}
                onClick={() => closeSidebar(false)}
              />
            ) : null}
            <Sidebar />
            <div className="main-container">
              <header className={`app-header${fixedHeader ? ' app-header--fixed' : ''}`}>
                <Navbar />
                {tagsView ? <TagsView /> : null}
              </header>
              <AppMain />
            </div>
            <UnsavedChangesGuard />
          </div>
        </QueryClientProvider>
      </AntApp>
    </AntdProvider>
  );
};

export default Layout;
