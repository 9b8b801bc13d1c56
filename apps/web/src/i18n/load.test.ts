import { describe, expect, it } from 'vitest';
import i18n, { i18nReady, loadAreaMessages, loadLanguage } from './index';

describe("loading a language's messages", () => {
  it('keeps the core and the business areas side by side, whichever comes second', async () => {
    await i18nReady;
    await loadAreaMessages();
    // In node no cookie or browser language: the UI starts in en.
    expect(i18n.language).toBe('en');
    await loadLanguage('ja');
    const ja = i18n.getFixedT('ja');
    const en = i18n.getFixedT('en');
    for (const lng of ['ja', 'en']) {
      expect(i18n.exists('dashboard.filter', { lng }), lng).toBe(true);
      expect(i18n.exists('client.inPool', { lng }), lng).toBe(true);
    }
    expect(ja('client.inPool')).not.toBe(en('client.inPool'));
    expect(ja('dashboard.filter')).not.toBe(en('dashboard.filter'));
  });
});
