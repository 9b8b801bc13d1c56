import { describe, expect, test } from 'vitest';
import { perIdBulk } from './list';

describe('perIdBulk', () => {
  test('one call per id, answered like the server bulk endpoints', async () => {
    const seen: number[] = [];
    const result = await perIdBulk([1, 2, 3], async (id) => {
      seen.push(id);
      if (id === 2) throw Object.assign(new Error('cannot disable yourself'), { code: 400 });
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(result).toEqual({
      results: [
        { id: 1, ok: true, code: 0, msg: 'ok' },
        { id: 2, ok: false, code: 400, msg: 'cannot disable yourself' },
        { id: 3, ok: true, code: 0, msg: 'ok' },
      ],
      succeeded: 2,
      failed: 1,
    });
  });
});
