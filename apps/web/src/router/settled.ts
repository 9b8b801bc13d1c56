import type { DataRouter } from 'react-router';

/** What whenSettled needs of a data router (createBrowserRouter's). */
export type SettlingRouter = Pick<DataRouter, 'state' | 'subscribe'>;

/**
 * Resolves once the router's first navigation has settled (session, layout and page chunks; or an
 * error or a redirect to the login page), or after `withinMs`, whichever comes first. main.tsx
 * renders React then: on a usual first load the first render is the page itself, in one blocking
 * pass after index.html's own spinner, instead of a loading screen and then the page as a
 * time-sliced transition (bench/README.md, #17 round 10); on a slow one React renders the router's
 * loading screen at `withinMs` as before (its status text is announced, the static spinner is not).
 */
export const whenSettled = (router: SettlingRouter, withinMs: number): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
