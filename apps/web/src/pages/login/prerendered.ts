/**
 * The login page is also served as static HTML made at build time (login.<lang>.html: the
 * component rendered by src/prerender/login.tsx inside `<div id="prerendered-login">`, before
 * `<div id="root">`), so it is visible before any script runs. Its test id differs from the live
 * page's, so whoever waits for `login-page` gets the page that can submit.
 */
export const PRERENDERED_ID = 'prerendered-login';
export const PRERENDERED_TESTID = 'login-page-prerendered';

export interface TypedBeforeMount {
  username: string;
  password: string;
  /** The field that had the focus in the static copy, if any. */
  focused: 'username' | 'password' | null;
}

/**
 * What was typed into the static copy and where the caret is, or null when there is no copy. Read
 * while the live page first renders: by its layout effects, autoFocus has moved the caret already.
 */
export const readPrerendered = (): TypedBeforeMount | null => {
  if (typeof document === 'undefined') return null;
  const copy = document.getElementById(PRERENDERED_ID);
  if (!copy) return null;
  const input = (name: string) => copy.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = document.activeElement;
  const focusedName = active instanceof HTMLInputElement && copy.contains(active) ? active.name : null;
  return {
    username: input('username')?.value ?? '',
    password: input('password')?.value ?? '',
    focused: focusedName === 'username' || focusedName === 'password' ? focusedName : null,
  };
};

/** Removes the static copy (the live page's first layout effect: same frame, no flash). */
export const removePrerendered = () => {
  if (typeof document !== 'undefined') document.getElementById(PRERENDERED_ID)?.remove();
};
