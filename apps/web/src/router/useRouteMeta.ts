import { type UIMatch, useMatches } from 'react-router';
import type { RouteHandle } from './types';

/** The live matches with our handle type (a local cast, no global augmentation). */
export const useRouteMatches = () => useMatches() as UIMatch<unknown, RouteHandle | undefined>[];

/** The deepest matched route that has a handle (the current page). */
export const useLeafHandle = (): RouteHandle | undefined => {
  const matches = useRouteMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (handle) return handle;
  }
  return undefined;
};
