import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/constants';
import { formatMessage, pickLanguage, SERVER_MESSAGES } from '../src/messages';

describe('server messages', () => {
  it('have identical keys in zh, en, es and ja, none empty', () => {
    const keys = Object.keys(SERVER_MESSAGES.zh).sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(SERVER_MESSAGES[lang]).sort()).toEqual(keys);
      for (const value of Object.values(SERVER_MESSAGES[lang])) expect(value.trim()).not.toBe('');
    }
  });
  it('fill parameters', () => {
    expect(formatMessage('en', 'loginLocked', { minutes: 15 })).toBe(
      'Too many failed logins; try again in 15 minutes',
    );
  });
  it('pick the language of Accept-Language, zh by default', () => {
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('ja')).toBe('ja');
    expect(pickLanguage('fr-FR, es;q=0.5')).toBe('es');
    expect(pickLanguage(undefined)).toBe('zh');
    expect(pickLanguage('de')).toBe('zh');
  });
});
