import { METRIC_LABELS } from '@educrm/contract/data-centre';
import { SERVER_MESSAGES } from '@educrm/contract/messages';
import { describe, expect, test } from 'vitest';
import * as areaFiles from './areas';
import coreEn from './en';
import coreEs from './es';
import coreJa from './ja';
import { baseKey, leafKeys, pluralCategory } from './keys';
import { detectLanguage } from './language';
import { strayLatinWords } from './latin';
import type { Messages } from './types';
import coreZh from './zh';

/** A language's whole tree: the core file plus every business area under its own key. */
const withAreas = (core: Messages, lang: 'zh' | 'en' | 'es' | 'ja'): Messages => {
  const areas: Messages = { zh: areaFiles.zh, en: areaFiles.en, es: areaFiles.es, ja: areaFiles.ja }[lang];
  for (const area of Object.keys(areas))
    expect(core[area], `${lang}: core key "${area}" clashes with an area`).toBeUndefined();
  return { ...core, ...areas };
};
const zh = withAreas(coreZh, 'zh');
const en = withAreas(coreEn, 'en');
const es = withAreas(coreEs, 'es');
const ja = withAreas(coreJa, 'ja');
const trees = { zh, en, es, ja };
const baseSet = (keys: string[]) => [...new Set(keys.map(baseKey))].sort();

describe('i18n message trees', () => {
  test('zh, en, es and ja define the same keys (plural forms aside)', () => {
    const reference = baseSet(leafKeys(en));
    expect(reference.length).toBeGreaterThan(50);
    for (const [lang, tree] of Object.entries(trees)) {
      expect(baseSet(leafKeys(tree)), lang).toEqual(reference);
    }
  });

  test('a plural key has exactly the plural forms its language uses', () => {
    for (const [lang, tree] of Object.entries(trees)) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
      const keys = leafKeys(tree);
      const plural = new Map<string, string[]>();
      for (const key of keys) {
        const category = pluralCategory(key);
        if (category) plural.set(baseKey(key), [...(plural.get(baseKey(key)) ?? []), category]);
      }
      expect(plural.size, lang).toBeGreaterThan(0);
      for (const [key, forms] of plural) {
        expect(forms.slice().sort(), `${lang} ${key}`).toEqual(categories);
        expect(keys.includes(key), `${lang} ${key} also has an unsuffixed form`).toBe(false);
      }
    }
  });

  test('no message is empty and interpolations match the English ones', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const lookup = (tree: typeof en, key: string): string => {
      let node: unknown = tree;
      for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
      return node as string;
    };
    const enByBase = new Map(leafKeys(en).map((k) => [baseKey(k), lookup(en, k)]));
    for (const [lang, tree] of Object.entries(trees)) {
      for (const key of leafKeys(tree)) {
        const text = lookup(tree, key);
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(enByBase.get(baseKey(key)) ?? ''));
      }
    }
  });

  test('no English is left in zh and ja, no Chinese or Japanese in en and es (issue 16)', () => {
    const lookup = (tree: Messages, key: string): string => {
      let node: unknown = tree;
      for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
      return node as string;
    };
    // Placeholders, the tags of Trans and what a message shows as a code on purpose (<code>…</code>)
    // are not words.
    const words = (text: string) => text.replace(/\{\{\w+\}\}|\{\w+\}|<code>.*?<\/code>|<\/?\w+>/g, ' ');
    const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const stray: string[] = [];
    // The console's messages, and the server's (errors, notifications) and the metric names it shows.
    const all = Object.fromEntries(
      (['zh', 'en', 'es', 'ja'] as const).map((lang) => [
        lang,
        { ...trees[lang], server: SERVER_MESSAGES[lang], metric: METRIC_LABELS[lang] } as Messages,
      ]),
    );
    for (const [lang, tree] of Object.entries(all))
      for (const key of leafKeys(tree)) {
        // The envelope's success text ({ code: 0, msg: 'ok' }), a protocol value nobody is shown.
        if (key === 'server.ok') continue;
        const text = lookup(tree, key);
        if ((lang === 'zh' || lang === 'ja') && strayLatinWords(words(text)).length)
          stray.push(`${lang} ${key}: ${text} [${strayLatinWords(words(text)).join(' ')}]`);
        if ((lang === 'en' || lang === 'es') && CJK.test(text)) stray.push(`${lang} ${key}: ${text}`);
      }
    expect(stray).toEqual([]);
  });

  test('ja names the shared pool in Japanese (共有プール), never with the Chinese 公海 (issue 16, item 13)', () => {
    const lookup = (tree: Messages, key: string): string => {
      let node: unknown = tree;
      for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
      return node as string;
    };
    const tree = { ...ja, server: SERVER_MESSAGES.ja } as Messages;
    const chinese = leafKeys(tree).filter((key) => /公海/.test(lookup(tree, key)));
    expect(chinese).toEqual([]);
    expect(lookup(ja, 'route.clientPublicList')).toContain('共有プール');
  });

  test('no message uses the wave dash 〜 (U+301C): the CJK fonts of Chinese systems lack it and show a box; ～ (U+FF5E) reads the same', () => {
    const lookup = (tree: Messages, key: string): string => {
      let node: unknown = tree;
      for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
      return node as string;
    };
    const found: string[] = [];
    for (const lang of ['zh', 'en', 'es', 'ja'] as const) {
      const tree = { ...trees[lang], server: SERVER_MESSAGES[lang] } as Messages;
      for (const key of leafKeys(tree))
        if (lookup(tree, key).includes('\u301C')) found.push(`${lang} ${key}`);
    }
    expect(found).toEqual([]);
  });

  test('the grades menu is not read as the courses menu (issue 45: es "Cursos escolares" beside "Cursos")', () => {
    for (const [lang, tree] of Object.entries(trees)) {
      const route = tree.route as Record<string, string>;
      const first = (x = '') => x.toLowerCase().split(' ')[0];
      expect(first(route.orderGradeList), lang).not.toBe(first(route.course));
    }
  });

  test('the English check finds words and leaves codes, brands and allowed words', () => {
    expect(strayLatinWords('released client 1 to the pool: x')).toEqual([
      'released',
      'client',
      'to',
      'the',
      'pool',
    ]);
    expect(strayLatinWords('确认收款（BANK_TRANSFER）')).toEqual(['BANK', 'TRANSFER']);
    expect(strayLatinWords('开启 Tags-View')).toEqual(['Tags', 'View']);
    expect(strayLatinWords('运行中，12 jobs')).toEqual(['jobs']);
    expect(strayLatinWords('done.')).toEqual(['done']);
    expect(
      strayLatinWords('SO20261124001 a@b.cn https://x.cn/a Asia/Shanghai #f5222d ${name}您好 v3 A 级 Q&A'),
    ).toEqual([]);
    expect(strayLatinWords('导出 CSV、Excel，SKU 库存，入金を確認（WeChat Pay）少儿Scratch编程')).toEqual([]);
  });

  test("the spec's messages are word for word", () => {
    expect(en.size).toMatchObject({ success: 'Switch Size Success' });
    expect(en.lang).toMatchObject({ success: 'Switch Language Success' });
    expect(en.screenfull).toMatchObject({ unsupported: 'you browser can not work' });
    expect(en.session).toMatchObject({
      infoFailed: 'Verification failed, please Login again.',
      hasError: 'Has Error',
    });
    expect(zh.session).toMatchObject({ noRoles: '请联系管理员分配角色' });
    expect(en.logout).toMatchObject({ title: 'Confirm logout', relogin: 're-login', cancel: 'Cancel' });
    expect(en.errorLog).toMatchObject({ message: 'Message', stack: 'Stack', clearAll: 'Clear All' });
    expect(en.tagsView).toMatchObject({
      refresh: 'Refresh',
      close: 'Close',
      closeOthers: 'Close Others',
      closeAll: 'Close All',
    });
    expect(en.size).toMatchObject({ default: 'Default', medium: 'Medium', small: 'Small', mini: 'Mini' });
  });
});

describe('detectLanguage', () => {
  test('the cookie wins when it names a supported language', () => {
    expect(detectLanguage('ja', ['zh-CN'])).toBe('ja');
  });
  test('else the first supported browser language, by primary subtag', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'es-419', 'zh-CN'])).toBe('es');
    expect(detectLanguage('xx', ['zh-TW'])).toBe('zh');
  });
  test('else en', () => {
    expect(detectLanguage(undefined, ['fr', 'de-DE'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });
});
