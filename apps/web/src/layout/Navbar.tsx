import { ErrorLog } from '../components/ErrorLog/ErrorLog';
import { HeaderSearch } from '../components/HeaderSearch/HeaderSearch';
import { LangSelect } from '../components/LangSelect/LangSelect';
import { NotificationBell } from '../components/NotificationBell/NotificationBell';
import { Screenfull } from '../components/Screenfull/Screenfull';
import { SizeSelect } from '../components/SizeSelect/SizeSelect';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumb } from './Breadcrumb';
import { Hamburger } from './Hamburger';
import { SettingsPanel } from './Settings/SettingsPanel';

/**
 * Navbar: hamburger and breadcrumb; on desktop the search, error log, fullscreen and size tools;
 * always the language, the reminders, the settings (never floating over the page) and the avatar menu.
 */
export const Navbar = () => {
  const mobile = useAppStore((s) => s.device === 'mobile');
  const showSettings = useSettingsStore((s) => s.showSettings);
  return (
    <div className="navbar">
      <Hamburger />
      <Breadcrumb />
      <div className="right-menu">
        {mobile ? null : (
          <>
            <HeaderSearch />
            <ErrorLog />
            <Screenfull />
            <SizeSelect />
          </>
        )}
        <LangSelect className="right-menu-item" />
        <NotificationBell />
        {showSettings ? <SettingsPanel /> : null}
        <AvatarMenu />
      </div>
    </div>
  );
};
