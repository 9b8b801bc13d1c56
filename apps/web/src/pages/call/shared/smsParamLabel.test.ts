import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/areas/all.en';
import es from '../../../i18n/areas/all.es';
import ja from '../../../i18n/areas/all.ja';
import zh from '../../../i18n/areas/all.zh';
import { smsParamLabel } from './smsParamLabel';

const AREAS = { zh, en, es, ja };
/** The business-area messages of one language, loaded at once. */
const tOf = (lang: keyof typeof AREAS): TFunction => {
  const i18n = createInstance();
  void i18n.init({ lng: lang, resources: { [lang]: { translation: AREAS[lang] } }, initAsync: false });
  return i18n.t;
};

describe('SMS template variable labels', () => {
  it('name known variables in words in each language, never by their code', () => {
    expect(smsParamLabel(tOf('zh'), 'name')).toBe('客户称呼');
    expect(smsParamLabel(tOf('en'), 'course')).toBe('Course');
    for (const lang of ['zh', 'en', 'es', 'ja'] as const)
      for (const name of ['name', 'student', 'course', 'time', 'date'])
        expect(smsParamLabel(tOf(lang), name)).not.toBe(name);
  });

  it('show an unknown variable as written', () => {
    expect(smsParamLabel(tOf('ja'), 'roomNo')).toBe('roomNo');
  });
});
