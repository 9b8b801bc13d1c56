/** Spec section 9: business constants and limits. */
export const PRODUCT_TITLE = 'EduCRM 管理后台';
export const SIDEBAR_TITLE = 'EduCRM';
export const REQUEST_TIMEOUT_MS = 5000;
export const MESSAGE_DURATION_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const DEFAULT_SIZE = 'medium';
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const DEFAULT_THEME_COLOR = '#1890ff';
export const THEME_PRESETS = [
  '#1890ff',
  '#409EFF',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;
export const DEFAULT_SETTINGS = {
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  supportPinyinSearch: true,
} as const;
export const SEARCH_THRESHOLD = 0.4;

/** Cookie names of spec sections 3 and 4. */
export const COOKIE = {
  token: 'Admin-Token',
  tokenExpire: 'Admin-Token-Expire',
  tokenRefresh: 'Admin-Token-Refresh',
  sidebarStatus: 'sidebarStatus',
  language: 'language',
  size: 'size',
} as const;

/** Username helper (spec section 5): 4 to 16 letters, digits, underscore or hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{4,16}$/;
export const isValidUsername = (value: string): boolean => USERNAME_PATTERN.test(value.trim());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
