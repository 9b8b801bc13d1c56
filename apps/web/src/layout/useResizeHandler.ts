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
    const apply = (width: number) => {
      if (document.hidden) return;
      const mobile = isMobileWidth(width);
      const app = useAppStore.getState();
      app.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && app.sidebar.opened) app.closeSidebar(true);
    };
    // A ResizeObserver reports the body's width from the layout the frame does anyway, before its
    // paint (its first report comes with the first layout); reading the width in this effect laid
    // the whole page out in the middle of the first render.
    if (typeof ResizeObserver !== 'undefined') {
      // (It reports height changes too: only a new width counts, or a page growing would close
      // the sidebar a mobile user just opened.)
      let last: number | undefined;
      const observer = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.borderBoxSize?.[0];
        const width = box ? box.inlineSize : document.body.getBoundingClientRect().width;
        if (width === last || document.hidden) return;
        last = width;
        apply(width);
      });
      observer.observe(document.body);
      return () => observer.disconnect();
    }
    const check = () => apply(document.body.getBoundingClientRect().width);
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
