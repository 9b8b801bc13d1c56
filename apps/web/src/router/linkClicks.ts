import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';

/** What of a click decides whether it is the app's to handle (a React MouseEvent has all of it). */
export interface ClickInfo {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** The link clicked: the <a href> the click landed in, inside the list. */
export interface ClickedAnchor {
  href: string;
  target: string;
  download: boolean;
}

/**
 * The in-app location a click should navigate to, or null when the browser should handle it: a
 * modified or non-primary click, a new-tab or download link, another origin (React Router's Link
 * follows the same rules).
 */
export const inAppTarget = (
  click: ClickInfo,
  anchor: ClickedAnchor | null,
  origin: string,
): string | null => {
  if (!anchor || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.download) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
};

/**
 * One click handler for a container of plain `<a href>` links that navigates in the app like
 * React Router's Link: long link lists (the sidebar, the dashboard's shortcuts) render cheap anchors
 * instead of a Link component each, which on a signed-in first load cost render time before paint.
 */
export const useLinkClicks = () => {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const a = (event.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
      const anchor =
        a && event.currentTarget.contains(a)
          ? { href: a.href, target: a.target, download: a.hasAttribute('download') }
          : null;
      const to = inAppTarget(event, anchor, window.location.origin);
      if (to === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    },
    [navigate],
  );
};
