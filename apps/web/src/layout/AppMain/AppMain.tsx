import { Activity, type ReactElement, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router';
import { PageErrorBoundary } from '../../components/PageErrorBoundary';
import { useLeafHandle } from '../../router/useRouteMeta';
import { useSettingsStore } from '../../stores/settings';
import { useTagsViewStore } from '../../stores/tagsView';
import { useScrollMemory } from './useScrollMemory';

type LocationValue = React.ContextType<typeof LocationContext>;

interface Entry {
  key: string;
  element: ReactElement | null;
  /** The location the page last saw while visible: hidden pages keep reading it. */
  location: LocationValue;
}

/**
 * The page area with keep-alive tabs (spec section 4, react-admin-anchors 4.2): every page whose
 * tab is open stays mounted inside <Activity> (hidden: display none, effects paused, state kept)
 * unless its route is noCache. A hidden page is pinned to its own location, so it never renders
 * with another tab's URL. Closing or refreshing a tab drops its instance.
 */
export const AppMain = () => {
  const outlet = useOutlet();
  const live = useContext(LocationContext);
  const { pathname } = live.location;
  const handle = useLeafHandle();
  const tagsView = useSettingsStore((s) => s.tagsView);
  const cached = useTagsViewStore((s) => s.cached);
  const cache = useRef(new Map<string, Entry>());
  const keepAlive = tagsView && !handle?.meta?.noCache && !pathname.startsWith('/redirect/');

  const entries = cache.current;
  if (keepAlive) entries.set(pathname, { key: pathname, element: outlet, location: live });
  const dropped: string[] = [];
  for (const key of entries.keys()) {
    if ((key !== pathname || !keepAlive) && !(tagsView && cached.includes(key))) dropped.push(key);
  }
  for (const key of dropped) entries.delete(key);

  const scroll = useScrollMemory();
  useEffect(() => {
    for (const key of dropped) scroll.forget(key);
  });
  useLayoutEffect(() => {
    scroll.show(pathname, keepAlive);
  }, [pathname, keepAlive, scroll]);

  return (
    <main id="main-content" className="app-main">
      {[...entries.values()].map((entry) => {
        const active = keepAlive && entry.key === pathname;
        return (
          <Activity key={entry.key} mode={active ? 'visible' : 'hidden'}>
            <LocationContext.Provider value={active ? live : entry.location}>
              <PageErrorBoundary>{entry.element}</PageErrorBoundary>
            </LocationContext.Provider>
          </Activity>
        );
      })}
      {keepAlive ? null : <PageErrorBoundary key={pathname}>{outlet}</PageErrorBoundary>}
    </main>
  );
};
