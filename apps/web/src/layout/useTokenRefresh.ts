import { useEffect } from 'react';
import { refreshSessionIfDue } from '../api/http';

/** How often the timer looks at the token, and how recent "active" use must be. */
const CHECK_EVERY_MS = 5_000;
const ACTIVE_WITHIN_MS = 60_000;

/**
 * Spec section 4: while the user is active (keyboard or pointer use in the last minute), the token
 * is refreshed when it enters its refresh window, even when no request is made. Idle users are left
 * alone so that the token's lifetime stays the idle timeout.
 */
export const useTokenRefresh = () => {
  useEffect(() => {
    // No use yet: loading a page is not the user working (an idle tab keeps its idle timeout).
    let lastActivity = 0;
    const mark = () => {
      lastActivity = Date.now();
    };
    const events = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, mark, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity <= ACTIVE_WITHIN_MS) void refreshSessionIfDue();
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of events) window.removeEventListener(name, mark, { capture: true });
    };
  }, []);
};
