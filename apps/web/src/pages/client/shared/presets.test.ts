import { describe, expect, test } from 'vitest';
import { activePreset, applyPreset, CLIENT_PRESETS, FOLLOW_UP_PRESETS } from './presets';

describe('list presets', () => {
  test('the plain list is "all"; a preset matches on its parameters only', () => {
    expect(activePreset(CLIENT_PRESETS, new URLSearchParams('stage=NEW'))).toBe('all');
    expect(activePreset(CLIENT_PRESETS, new URLSearchParams('nextFollow=today&stage=NEW'))).toBe('today');
    expect(activePreset(CLIENT_PRESETS, new URLSearchParams('aboutToRecycle=true'))).toBe('recycle');
    expect(activePreset(FOLLOW_UP_PRESETS, new URLSearchParams('due=overdue'))).toBe('overdue');
  });

  test('a mix no preset describes matches none', () => {
    expect(activePreset(CLIENT_PRESETS, new URLSearchParams('nextFollow=week'))).toBeNull();
    expect(
      activePreset(CLIENT_PRESETS, new URLSearchParams('nextFollow=today&aboutToRecycle=true')),
    ).toBeNull();
  });

  test('applying a preset keeps other filters, replaces preset ones and goes back to page 1', () => {
    const next = applyPreset(
      CLIENT_PRESETS,
      new URLSearchParams('stage=NEW&page=3&aboutToRecycle=true&sort=-createdAt'),
      'overdue',
    );
    expect(Object.fromEntries(next)).toEqual({ stage: 'NEW', sort: '-createdAt', nextFollow: 'overdue' });
    expect(Object.fromEntries(applyPreset(CLIENT_PRESETS, next, 'all'))).toEqual({
      stage: 'NEW',
      sort: '-createdAt',
    });
  });
});
