import { lazy, Suspense, useRef } from 'react';
import type { ClientDrawerProps } from './ClientDrawer';

const ClientDrawer = lazy(() => import('./ClientDrawer'));

/**
 * The client drawer for the list pages, fetched the first time a client is opened rather than with
 * the page (its tabs bring orders, the order drawer, uploads and trees: ~half of the client list's
 * first load). Once opened it stays mounted, so closing keeps its animation.
 */
export const LazyClientDrawer = (props: ClientDrawerProps) => {
  const wanted = useRef(false);
  if (props.clientId !== null) wanted.current = true;
  return wanted.current ? (
    <Suspense fallback={null}>
      <ClientDrawer {...props} />
    </Suspense>
  ) : null;
};
