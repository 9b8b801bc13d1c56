import { useCallback, useEffect } from 'react';
import { loadLayout } from '../../router';

/** Idle time after the login page has painted before the layout's chunks are fetched. */
export const WARM_AFTER_MS = 2000;

let warmed = false;
const warmLayout = () => {
  if (warmed) return;
  warmed = true;
  loadLayout().catch(() => {
    warmed = false; // fetched again after sign-in, where a failure is reported
  });
};

/**
 * The login page paints with its own code only; then, once the browser is idle (or as soon as
 * the user types), the layout's chunks are fetched, so signing in does not wait for them.
 * Returns the warm-up for the form's input handler.
 */
export const useWarmLayout = (): (() => void) => {
  useEffect(() => {
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(warmLayout, { timeout: 5000 });
      else warmLayout();
    }, WARM_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return useCallback(warmLayout, []);
};
