import type { Language, Size } from '@educrm/contract/constants';
import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { readablePrimaryStates } from '../theme/color';
import { MENU_TOKENS } from '../theme/menu';
import { useReducedMotion } from '../theme/reducedMotion';

const ANTD_LOCALES: Record<Language, Locale> = { zh: zhCN, en: enUS, es: esES, ja: jaJP };

/** The size cookie's four values onto antd (antd 6 calls the middle size 'medium'). */
export const COMPONENT_SIZE: Record<Size, SizeType> = {
  default: 'large',
  medium: 'medium',
  small: 'small',
  mini: 'small',
};

/**
 * antd spaces out a two-character CJK button label ("保 存"): a Chinese convention, not a Japanese
 * one (kanji labels such as 保存 stay together), nor meaningful in Latin scripts.
 */
export const buttonConfigOf = (language: Language) => ({ autoInsertSpace: language === 'zh' });

/**
 * antd's ConfigProvider with the console's locale, component size and theme (spec section 2).
 * Every antd tree sits inside one: the layout (all signed-in pages) and the few antd pieces that
 * load on demand outside it (messages, the logout box, the 404/401 pages). The login page itself
 * has no antd, which keeps its first load within budget.
 */
export const AntdProvider = ({ children }: { children: ReactNode }) => {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.theme);
  const reducedMotion = useReducedMotion();
  const config = useMemo<ThemeConfig>(() => {
    const primary = readablePrimaryStates(themeColor);
    return {
      // White text on the theme colour must stay readable (WCAG AA): see theme/color.ts.
      token: {
        colorPrimary: primary.base,
        colorLink: primary.base,
        // A hovered default button's text, a hovered primary button's fill: readable too (AA).
        colorPrimaryHover: primary.hover,
        colorPrimaryActive: primary.active,
        colorLinkHover: primary.hover,
        colorLinkActive: primary.active,
        // antd's grey secondary text (45% black) is 4.4:1 on white, under AA's 4.5:1.
        colorTextDescription: 'rgba(0, 0, 0, 0.65)',
        colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
        // Placeholders ("Any" in a search select) are text too: 0.55 black is 4.7:1 on white.
        colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
        // Danger links ("Delete" in a row) are text on white: antd's red is 3.2:1, red-7 is 5.6:1.
        colorError: '#cf1322',
        // The user's "reduce motion" setting: antd's popups, drawers and wave skip their motion.
        motion: !reducedMotion,
      },
      components: { Menu: MENU_TOKENS },
      algorithm: size === 'mini' ? [theme.defaultAlgorithm, theme.compactAlgorithm] : theme.defaultAlgorithm,
    };
  }, [themeColor, size, reducedMotion]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      componentSize={COMPONENT_SIZE[size]}
      theme={config}
      button={buttonConfigOf(language)}
    >
      {children}
    </ConfigProvider>
  );
};
