import { DEFAULT_SETTINGS, DEFAULT_THEME_COLOR } from '@educrm/contract/constants';
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
