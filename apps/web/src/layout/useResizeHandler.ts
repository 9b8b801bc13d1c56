import { MOBILE_BREAKPOINT_PX } from '@educrm/contract/constants';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app';

/** Spec section 4: body width under 992 px is mobile (991 mobile, 992 desktop). */
export const isMobileWidth = (width: number) => width < MOBILE_BREAKPOINT_PX;

/**
 * Device follows the body width (on mount and on resize while the tab is visible); on mobile the
 * sidebar closes without animation, and after every route change.
 */
export const useResizeHandler = () => {
  const { pathname } = useLocation();

  useEffect(() => {
    const check = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth(document.body.getBoundingClientRect().width);
      const app = useAppStore.getState();
      app.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && app.sidebar.opened) app.closeSidebar(true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);

  useEffect(() => {
    const app = useAppStore.getState();
    if (pathname && app.device === 'mobile' && app.sidebar.opened) app.closeSidebar(false);
  }, [pathname]);

  // Escape closes the mobile drawer, as the backdrop click does.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const app = useAppStore.getState();
      if (event.key === 'Escape' && app.device === 'mobile' && app.sidebar.opened) app.closeSidebar(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
};
