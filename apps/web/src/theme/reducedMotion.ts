import { useSyncExternalStore } from 'react';

/** One MediaQueryList for the whole console, made on first use (React reads it on every render). */
let query: MediaQueryList | undefined;
const reducedMotionQuery = () => {
  query ??= window.matchMedia('(prefers-reduced-motion: reduce)');
  return query;
};

const subscribe = (onChange: () => void) => {
  const list = reducedMotionQuery();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

const prefersReducedMotion = () => reducedMotionQuery().matches;

/**
 * The user's "reduce motion" setting, followed live. global.css only shortens CSS transitions to
 * nothing; components that run their motion in script (antd's popups, drawers, wave, charts) must be
 * told to skip it, or they wait for transition events on elements that never move.
 */
export const useReducedMotion = () => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
