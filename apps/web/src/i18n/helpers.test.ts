import { createInstance } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatTime, timeAgo } from '../utils/time';
import en from './en';
import es from './es';
import ja from './ja';
import zh from './zh';

/** The shared helpers of src/utils read their words from these message files: every key must resolve. */
const i18n = createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: {
      zh: { translation: zh },
      en: { translation: en },
      es: { translation: es },
      ja: { translation: ja },
    },
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
});

const now = new Date('2026-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('time helpers with the console messages', () => {
  test('en, with plural forms', () => {
    const t = i18n.getFixedT('en');
    expect(formatTime(ago(5), t, now)).toBe('just now');
    expect(formatTime(ago(60), t, now)).toBe('1 minute ago');
    expect(formatTime(ago(300), t, now)).toBe('5 minutes ago');
    expect(formatTime(ago(7200), t, now)).toBe('2 hours ago');
    expect(formatTime(ago(30 * 3600), t, now)).toBe('1 day ago');
    expect(timeAgo(60, t)).toBe('1 minute');
    expect(timeAgo(120, t)).toBe('2 minutes');
    expect(timeAgo(3 * 86400, t)).toBe('3 days');
  });

  test('zh', () => {
    const t = i18n.getFixedT('zh');
    expect(formatTime(ago(5), t, now)).toBe('刚刚');
    expect(formatTime(ago(300), t, now)).toBe('5分钟前');
    expect(formatTime(ago(30 * 3600), t, now)).toBe('1天前');
    expect(timeAgo(3600, t)).toBe('1 小时');
  });

  test('no key is left untranslated in any language', () => {
    for (const lang of ['zh', 'en', 'es', 'ja']) {
      const t = i18n.getFixedT(lang);
      const outputs = [
        formatTime(ago(5), t, now),
        formatTime(ago(60), t, now),
        formatTime(ago(3600), t, now),
        formatTime(ago(30 * 3600), t, now),
        timeAgo(60, t),
        timeAgo(7200, t),
        timeAgo(86400 * 2, t),
        ...['today', 'yesterday', 'last7', 'last30', 'last90'].map((k) => t(`dateRange.${k}`)),
      ];
      for (const out of outputs) expect(out, lang).not.toMatch(/^(time|dateRange)\./);
    }
  });
});
