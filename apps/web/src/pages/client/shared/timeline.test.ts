import type { TimelineItem } from '@educrm/contract/clients';
import { describe, expect, test } from 'vitest';
import { groupByDay, mergeTimeline, nextTimelineBefore, shanghaiDay, timelineKey } from './timeline';

const item = (kind: TimelineItem['kind'], id: number, at: string): TimelineItem => ({
  kind,
  id,
  at,
  actorId: null,
  actorName: null,
  type: 'X',
  text: '',
  detail: {},
});

describe('mergeTimeline', () => {
  test('joins pages without repeats, newest first; same instant by kind then larger id', () => {
    const a = item('FOLLOW_UP', 1, '2026-03-02T10:00:00.000Z');
    const b = item('OWNER', 7, '2026-03-02T09:00:00.000Z');
    const c = item('AUDIT', 3, '2026-03-02T09:00:00.000Z');
    const d = item('AUDIT', 9, '2026-03-02T09:00:00.000Z');
    const e = item('FOLLOW_UP', 2, '2026-03-01T23:59:59.999Z');
    const merged = mergeTimeline([
      [a, b, c],
      [b, d, e],
    ]);
    expect(merged.map(timelineKey)).toEqual(['FOLLOW_UP:1', 'AUDIT:9', 'AUDIT:3', 'OWNER:7', 'FOLLOW_UP:2']);
  });

  test('keeps items of different kinds with the same id apart', () => {
    const merged = mergeTimeline([
      [item('AUDIT', 5, '2026-03-02T10:00:00.000Z'), item('OWNER', 5, '2026-03-02T10:00:00.000Z')],
    ]);
    expect(merged).toHaveLength(2);
  });
});

describe('nextTimelineBefore', () => {
  const page = (n: number, startMs: number, kind: TimelineItem['kind'] = 'AUDIT', firstId = 1) =>
    Array.from({ length: n }, (_, i) => item(kind, firstId + i, new Date(startMs - i * 1000).toISOString()));

  test('none after a short page', () => {
    expect(nextTimelineBefore([page(3, Date.UTC(2026, 0, 1))], 5)).toBeUndefined();
    expect(nextTimelineBefore([], 5)).toBeUndefined();
  });

  test('the oldest instant of a full page plus 1 ms (the overlap keeps same-millisecond items)', () => {
    const start = Date.UTC(2026, 0, 10, 8);
    const first = page(5, start);
    expect(nextTimelineBefore([first], 5)).toBe(new Date(start - 4000 + 1).toISOString());
  });

  test('stops when a full page brings nothing new (many items within one millisecond)', () => {
    const at = '2026-01-10T08:00:00.000Z';
    const same = Array.from({ length: 5 }, (_, i) => item('AUDIT', i + 1, at));
    expect(nextTimelineBefore([same], 5)).toBe('2026-01-10T08:00:00.001Z');
    expect(nextTimelineBefore([same, same], 5)).toBeUndefined();
  });
});

describe('groupByDay', () => {
  test('groups consecutive items by Asia/Shanghai calendar day', () => {
    // 2026-03-01T16:30Z is 00:30 on 2 March in Shanghai.
    const items = [
      item('AUDIT', 1, '2026-03-01T17:00:00.000Z'),
      item('AUDIT', 2, '2026-03-01T16:30:00.000Z'),
      item('AUDIT', 3, '2026-03-01T15:59:59.000Z'),
      item('AUDIT', 4, '2026-02-27T01:00:00.000Z'),
    ];
    expect(groupByDay(items).map((d) => [d.day, d.items.map((i) => i.id)])).toEqual([
      ['2026-03-02', [1, 2]],
      ['2026-03-01', [3]],
      ['2026-02-27', [4]],
    ]);
    expect(shanghaiDay('2026-12-31T16:00:00.000Z')).toBe('2027-01-01');
  });

  test('groups by another day when asked (the day the times are shown in)', () => {
    const items = [
      item('AUDIT', 1, '2026-03-01T17:00:00.000Z'),
      item('AUDIT', 2, '2026-03-01T15:00:00.000Z'),
    ];
    const utcDay = (iso: string) => iso.slice(0, 10);
    expect(groupByDay(items, utcDay).map((d) => [d.day, d.items.length])).toEqual([['2026-03-01', 2]]);
  });
});
