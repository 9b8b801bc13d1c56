import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/areas/all.en';
import es from '../../../i18n/areas/all.es';
import ja from '../../../i18n/areas/all.ja';
import zh from '../../../i18n/areas/all.zh';
import { smsParamLabel } from './smsParamLabel';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: {
      zh: { translation: zh },
      en: { translation: en },
      es: { translation: es },
      ja: { translation: ja },
    },
    lng: 'zh',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
});

describe('SMS template variable labels', () => {
  it('name known variables in words in each language, never by their code', () => {
    expect(smsParamLabel(i18n.getFixedT('zh'), 'name')).toBe('客户称呼');
    expect(smsParamLabel(i18n.getFixedT('en'), 'course')).toBe('Course');
    for (const lang of ['zh', 'en', 'es', 'ja'])
      for (const name of ['name', 'student', 'course', 'time', 'date'])
        expect(smsParamLabel(i18n.getFixedT(lang), name)).not.toBe(name);
  });

  it('show an unknown variable as written', () => {
    expect(smsParamLabel(i18n.getFixedT('ja'), 'roomNo')).toBe('roomNo');
  });
});
