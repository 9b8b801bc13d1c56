import { useEffect, useMemo } from 'react';

/**
 * Window scroll per tab: recorded while a page is visible, restored when its tab is shown again;
 * a page opened afresh (or not kept alive) starts at the top.
 */
export const useScrollMemory = () => {
  const memory = useMemo(() => {
    const positions = new Map<string, number>();
    let active = '';
    return {
      record: () => {
        if (active) positions.set(active, window.scrollY);
      },
      show: (key: string, restore: boolean) => {
        window.scrollTo(0, restore ? (positions.get(key) ?? 0) : 0);
        active = key;
      },
      forget: (key: string) => {
        positions.delete(key);
      },
    };
  }, []);

  useEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    window.addEventListener('scroll', memory.record, { passive: true });
    return () => {
      history.scrollRestoration = previous;
      window.removeEventListener('scroll', memory.record);
    };
  }, [memory]);

  return memory;
};
