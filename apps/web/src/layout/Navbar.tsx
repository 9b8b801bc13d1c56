import { ErrorLog } from '../components/ErrorLog/ErrorLog';
import { HeaderSearch } from '../components/HeaderSearch/HeaderSearch';
import { LangSelect } from '../components/LangSelect/LangSelect';
import { NotificationBell } from '../components/NotificationBell/NotificationBell';
import { Screenfull } from '../components/Screenfull/Screenfull';
import { SizeSelect } from '../components/SizeSelect/SizeSelect';
import { useAppStore } from '../stores/app';
import { AvatarMenu } from './AvatarMenu';
import { Breadcrumb } from './Breadcrumb';
import { Hamburger } from './Hamburger';

/** Navbar: hamburger and breadcrumb; on desktop the tools; always the reminders and the avatar menu. */
export const Navbar = () => {
  const mobile = useAppStore((s) => s.device === 'mobile');
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
            <LangSelect className="right-menu-item" />
          </>
        )}
        <NotificationBell />
        <AvatarMenu />
      </div>
    </div>
  );
};
