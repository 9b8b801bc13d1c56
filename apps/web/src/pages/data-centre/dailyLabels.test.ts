import type { DailyRow } from '@educrm/contract/data-centre';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { i18nReady, loadLanguage } from '../../i18n';
import { dailyLabels } from './dailyLabels';

const row = (r: Partial<DailyRow>): DailyRow => ({
  kind: 'user',
  userId: 7,
  userName: '思雨',
  deptId: 3,
  deptName: '销售二组',
  metrics: {},
  ...r,
});
const pool = row({ userId: null, userName: null, deptId: null, deptName: null });

beforeAll(async () => {
  await i18nReady;
  for (const lng of ['zh', 'es', 'ja'] as const) await loadLanguage(lng);
  await import('./messages');
});

describe('the daily table labels', () => {
  it('names the row without an owner the pool in four languages, never 无', () => {
    const expected = { zh: '公海', en: 'Pool', es: 'Fondo común', ja: '共有プール' };
    for (const [lng, pooled] of Object.entries(expected)) {
      const t = i18n.getFixedT(lng);
      expect(dailyLabels(t, pool)).toEqual([pooled, pooled]);
    }
  });
  it('labels people, subtotals, no department and the total', () => {
    const t = i18n.getFixedT('zh');
    expect(dailyLabels(t, row({}))).toEqual(['销售二组', '思雨']);
    expect(dailyLabels(t, row({ kind: 'dept', userId: null, userName: null }))).toEqual(['销售二组', '小计']);
    expect(dailyLabels(t, row({ deptId: null, deptName: null }))).toEqual(['无部门', '思雨']);
    expect(dailyLabels(t, row({ kind: 'total', userId: null, deptId: null, deptName: null }))[0]).toBe(
      '合计',
    );
  });
});
