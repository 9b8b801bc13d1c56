import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

const prefersReducedMotion = () => window.matchMedia(QUERY).matches;

/**
 * The user's "reduce motion" setting, followed live. global.css only shortens CSS transitions to
 * nothing; components that run their motion in script (antd's popups, drawers, wave, charts) must be
 * told to skip it, or they wait for transition events on elements that never move.
 */
export const useReducedMotion = () => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
