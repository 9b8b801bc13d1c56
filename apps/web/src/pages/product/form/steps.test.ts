import { describe, expect, test } from 'vitest';
import { STEPS, stepOfField, stepsWithErrors } from './steps';

describe('product form steps', () => {
  test('fields map to their steps', () => {
    expect(STEPS).toEqual(['basics', 'specs', 'details', 'delivery', 'channels']);
    expect(stepOfField(['skus', 3, 'price'])).toBe('specs');
    expect(stepOfField('platformCodes.0.externalId')).toBe('channels');
    expect(stepOfField(['validityDays'])).toBe('delivery');
    expect(stepOfField('detailHtml')).toBe('details');
    expect(stepOfField('unknown')).toBe('basics');
  });

  test('steps with errors', () => {
    expect(
      stepsWithErrors([
        { name: ['name'], errors: [] },
        { name: ['skus', 0, 'skuCode'], errors: ['taken'] },
        { name: ['refundDays'], errors: ['too big'] },
      ]),
    ).toEqual(new Set(['specs', 'delivery']));
  });
});
