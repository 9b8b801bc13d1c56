import { DEFAULT_SETTINGS, DEFAULT_THEME_COLOR } from '@educrm/contract/constants';
import { SETTINGS_COOKIE } from '@educrm/contract/ssr';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Layout settings (spec sections 3 and 9). The user's choices persist in localStorage;
 * `showSettings` is a deployment default (the panel's handle), and `errorLog` lists the build modes
 * in which captured errors are also written to the console (the template's 'production').
 */
export interface SettingsValues {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
  errorLog: readonly string[];
}

type Changeable = 'theme' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'supportPinyinSearch';

export interface SettingsState extends SettingsValues {
  change: <K extends Changeable>(key: K, value: SettingsValues[K]) => void;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      theme: DEFAULT_THEME_COLOR,
      ...DEFAULT_SETTINGS,
      errorLog: ['production'],
      change: (key, value) => set({ [key]: value } as Partial<SettingsValues>),
    }),
    {
      name: 'educrm-settings',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, tagsView, fixedHeader, sidebarLogo, supportPinyinSearch }) => ({
        theme,
        tagsView,
        fixedHeader,
        sidebarLogo,
        supportPinyinSearch,
      }),
    },
  ),
);

/** What of the settings the server's render of a page draws (the layout's look). */
export type PaintedSettings = Pick<SettingsValues, 'theme' | 'tagsView' | 'fixedHeader' | 'sidebarLogo'>;

/**
 * The settings a page's first paint depends on, also in a cookie (kept a year, like the other
 * preferences), so a page the server renders (apps/server plugins/ssr.ts) has the user's layout.
 */
const mirrorToCookie = ({ theme, tagsView, fixedHeader, sidebarLogo }: SettingsValues) => {
  const value = JSON.stringify({ theme, tagsView, fixedHeader, sidebarLogo } satisfies PaintedSettings);
  if (Cookies.get(SETTINGS_COOKIE) !== value)
    Cookies.set(SETTINGS_COOKIE, value, { expires: 365, path: '/', sameSite: 'Strict' });
};
if (typeof document !== 'undefined') {
  mirrorToCookie(useSettingsStore.getState());
  useSettingsStore.subscribe(mirrorToCookie);
}

/** The settings cookie's values that are valid (the server's render seeds the store with them). */
export const paintedSettingsOf = (cookie: string | undefined): Partial<PaintedSettings> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cookie ?? '');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const v = parsed as Record<string, unknown>;
  const out: Partial<PaintedSettings> = {};
  if (typeof v.theme === 'string' && /^#[0-9a-f]{6}$/i.test(v.theme)) out.theme = v.theme;
  for (const key of ['tagsView', 'fixedHeader', 'sidebarLogo'] as const)
    if (typeof v[key] === 'boolean') out[key] = v[key];
  return out;
};
