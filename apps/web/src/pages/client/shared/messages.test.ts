import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import en from '../../../i18n/areas/client.en';
import zh from '../../../i18n/areas/client.zh';

/**
 * Every `t('client.…')` of the client pages names a message of the client area files (plural keys
 * by their base).
 */
const root = path.resolve(import.meta.dirname, '..');
const DIRS = ['list', 'my-list', 'shared', 'follow-record-list'];

const sources = DIRS.flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => fs.readFileSync(path.join(root, dir, f), 'utf8')),
);

const has = (tree: object, key: string) => {
  let node: unknown = tree;
  const parts = key.replace(/^client\./, '').split('.');
  for (const [i, part] of parts.entries()) {
    const obj = node as Record<string, unknown>;
    if (i === parts.length - 1)
      return typeof obj[part] === 'string' || typeof obj[`${part}_other`] === 'string';
    node = obj[part];
    if (!node || typeof node !== 'object') return false;
  }
  return false;
};

describe('client page messages', () => {
  const keys = [
    ...new Set(
      sources.flatMap((s) => [...s.matchAll(/\bt\(\s*'(client\.[\w.]+)'/g)].map((m) => m[1] as string)),
    ),
  ];

  test('the pages use a good number of literal keys', () => {
    expect(keys.length).toBeGreaterThan(150);
  });

  test.each([
    ['zh', zh],
    ['en', en],
  ])('every literal key exists in %s', (_lang, tree) => {
    expect(keys.filter((k) => !has(tree, k))).toEqual([]);
  });

  test('every dynamic family the pages build has its members', () => {
    for (const family of [
      'client.action.releaseTitle',
      'client.action.transferTitle',
      'client.action.assignTitle',
      'client.action.tagsTitle',
      'client.action.levelTitle',
      'client.action.stageTitle',
      'client.bulk.releaseTitle',
      'client.bulk.transferTitle',
      'client.bulk.tagsTitle',
      'client.bulk.levelTitle',
      'client.bulk.stageTitle',
      'client.followUp.quick.in2h',
      'client.nextFollowPreset.unset',
      'client.presets.recycle',
      'client.import.outcome.DUPLICATE_DELETED',
      'client.ownerLog.AUTO_RECYCLE',
      'client.poolReason.IMPORT_UNASSIGNED',
      'client.followSource.WECOM',
      'client.subject.PROGRAMMING',
    ]) {
      expect(has(zh, family), family).toBe(true);
    }
  });
});
