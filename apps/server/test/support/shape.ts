import { envelopeOf, listResultOf } from '@educrm/contract';
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * A list answer is exactly what the contract's schema describes: valid, and without a key the schema
 * would strip (the hot list routes serialise without zod: lib/list plainJsonSerializer).
 */
export const expectListShape = (body: unknown, row: z.ZodType) => {
  const parsed = envelopeOf(listResultOf(row)).parse(body);
  expect(body).toEqual(parsed);
};
