import type { DataRouter } from 'react-router';

/** What whenSettled needs of a data router (createBrowserRouter's). */
export type SettlingRouter = Pick<DataRouter, 'state' | 'subscribe'>;

/**
 * Resolves once the router's first navigation has settled (session, layout and page chunks; or an
 * error or a redirect to the login page). main.tsx renders React then: until that moment
 * index.html's own spinner shows, and the first render is the page itself, in one blocking pass,
 * instead of a loading screen first and the page after it as a time-sliced transition (bench/README.md,
 * #17 round 10).
 */
export const whenSettled = (router: SettlingRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
