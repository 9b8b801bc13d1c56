import { describe, expect, it } from 'vitest';
import { withChosen } from './useServerOptions';

const a = { value: 1, label: 'A' };
const b = { value: 2, label: 'B' };
const c = { value: 3, label: 'C' };
const seen = new Map<string | number, { value: number; label: string }>([
  [1, a],
  [2, b],
  [3, c],
]);

describe('withChosen', () => {
  it('keeps the answer array itself when every chosen value is in it (no new options array)', () => {
    const found = [a, b];
    expect(withChosen(found, [2], seen)).toBe(found);
    expect(withChosen(found, [], seen)).toBe(found);
  });

  it('adds a chosen value seen in an earlier answer, after the answer', () => {
    expect(withChosen([a], [3, 1], seen)).toEqual([a, c]);
  });

  it('adds nothing for a chosen value never seen (the select shows what it holds)', () => {
    const found = [a];
    expect(withChosen(found, [99], seen)).toBe(found);
  });
});
