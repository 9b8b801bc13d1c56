import { useEffect, useMemo } from 'react';

/** How long a restored position waits for the page to grow tall enough to reach it. */
const RESTORE_WAIT_MS = 2_000;
const USER_SCROLL = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Window scroll per tab: recorded while a page is visible, restored when its tab is shown again;
 * a page opened afresh (or not kept alive) starts at the top. A page shown again may be shorter
 * for a moment than when it was left (its content still laying out on a busy machine): the
 * position is then reached as the page grows, unless the user scrolls first.
 */
export const useScrollMemory = () => {
  const memory = useMemo(() => {
    const positions = new Map<string, number>();
    let active = '';
    let pending: { top: number; until: number } | null = null;
    // The window's position as last seen by a scroll event or by `reach`: read from the window
    // itself, it would lay the page out in the middle of its first render (a new page is shown
    // from a layout effect).
    let lastTop = 0;
    const waiting = () => {
      if (pending && performance.now() > pending.until) pending = null;
      return pending !== null;
    };
    const reach = () => {
      if (!pending || !waiting()) return;
      window.scrollTo(0, pending.top);
      lastTop = window.scrollY;
      if (lastTop >= pending.top - 1) pending = null;
    };
    return {
      record: () => {
        lastTop = window.scrollY;
        // A position clamped while waiting for the page to grow is not the user's.
        if (active && !waiting()) positions.set(active, lastTop);
      },
      show: (key: string, restore: boolean) => {
        const top = restore ? (positions.get(key) ?? 0) : 0;
        active = key;
        if (top === 0 && lastTop === 0) {
          pending = null; // already there (a first load, or the top of another page)
          return;
        }
        pending = { top, until: performance.now() + RESTORE_WAIT_MS };
        reach();
      },
      forget: (key: string) => {
        positions.delete(key);
      },
      grown: reach,
      userScrolled: () => {
        pending = null;
      },
    };
  }, []);

  useEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    window.addEventListener('scroll', memory.record, { passive: true });
    for (const type of USER_SCROLL) window.addEventListener(type, memory.userScrolled, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(memory.grown);
    resize?.observe(document.body);
    return () => {
      history.scrollRestoration = previous;
      window.removeEventListener('scroll', memory.record);
      for (const type of USER_SCROLL) window.removeEventListener(type, memory.userScrolled);
      resize?.disconnect();
    };
  }, [memory]);

  return memory;
};
