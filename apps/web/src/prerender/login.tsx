import type { Language } from '@educrm/contract/constants';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import i18n, { i18nReady, loadLanguage } from '../i18n';
import { htmlLang } from '../i18n/language';
import LoginPage from '../pages/login/LoginPage';
import { pageTitle } from '../router/title';
import { useAppStore } from '../stores/app';

export interface PrerenderedLogin {
  /** <html lang> of that language. */
  lang: string;
  /** document.title, as RootShell sets it on /login. */
  title: string;
  /** The login page's markup, as the component renders it before any input (submit disabled). */
  markup: string;
}

/**
 * Build-time only (apps/web/vite-plugins/prerender-login.ts loads this through Vite's SSR module
 * loader): the login page rendered to HTML in one language, with the console's own component,
 * messages and store, so the page shown before any script has run is the one React then mounts.
 */
export const renderLogin = async (language: Language): Promise<PrerenderedLogin> => {
  await i18nReady;
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  useAppStore.setState({ language });
  // Server rendering reads a zustand store's initial state (its server snapshot), not its current
  // one: the language buttons must see this language there too. Build time only.
  Object.assign(useAppStore.getInitialState(), { language });
  const markup = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage prerendered />
    </MemoryRouter>,
  );
  return {
    lang: htmlLang[language],
    title: pageTitle(
      'login',
      (k) => i18n.t(k),
      (k) => i18n.exists(k),
    ),
    markup,
  };
};
