import { COOKIE, DEFAULT_SIZE, type Language, SIZES, type Size } from '@educrm/contract/constants';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import i18n, { initialLanguage, loadLanguage } from '../i18n';

export type Device = 'desktop' | 'mobile';

/** Preference cookies are kept for a year, like the template's (which used session cookies). */
const PREFERENCE: Cookies.CookieAttributes = { expires: 365, path: '/', sameSite: 'Strict' };

const initialSize = (): Size => {
  const value = Cookies.get(COOKIE.size);
  return (SIZES as readonly string[]).includes(value ?? '') ? (value as Size) : DEFAULT_SIZE;
};

/** Sidebar, device, language and size (spec sections 3 and 4). */
export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  language: Language;
  size: Size;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: Device) => void;
  setLanguage: (language: Language) => Promise<void>;
  setSize: (size: Size) => void;
}

/** The user's choice on a desktop-wide window. Cookie sidebarStatus: '1' open, '0' closed, absent open. */
const savedOpened = () => Cookies.get(COOKIE.sidebarStatus) !== '0';

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: savedOpened(), withoutAnimation: false },
  device: 'desktop',
  language: initialLanguage,
  size: initialSize(),
  // Only the hamburger on a desktop-wide window saves the choice: on a narrow window the sidebar is a
  // drawer, opened and closed for one visit (and closed on its own), which is not the user's setting.
  toggleSidebar: () => {
    const opened = !get().sidebar.opened;
    if (get().device === 'desktop') Cookies.set(COOKIE.sidebarStatus, opened ? '1' : '0', PREFERENCE);
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSidebar: (withoutAnimation) => set({ sidebar: { opened: false, withoutAnimation } }),
  // Back from a narrow window to a wide one, the sidebar is as the user left it on a wide one.
  setDevice: (device) => {
    if (device === 'desktop' && get().device === 'mobile')
      set({ device, sidebar: { opened: savedOpened(), withoutAnimation: true } });
    else set({ device });
  },
  setLanguage: async (language) => {
    await loadLanguage(language);
    Cookies.set(COOKIE.language, language, PREFERENCE);
    await i18n.changeLanguage(language);
    set({ language });
  },
  setSize: (size) => {
    Cookies.set(COOKIE.size, size, PREFERENCE);
    set({ size });
  },
}));
