import { describe, expect, test } from 'vitest';
import { fieldsOfStep, STEPS, stepOfField, stepsWithErrors } from './steps';

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

  test('"next" validates the fields of the current step only', () => {
    const fields = [
      { name: ['name'] },
      { name: ['categoryId'] },
      { name: ['skus', 0, 'price'] },
      { name: ['classId'] },
    ];
    expect(fieldsOfStep('basics', fields)).toEqual([['name'], ['categoryId']]);
    expect(fieldsOfStep('specs', fields)).toEqual([['skus', 0, 'price']]);
    expect(fieldsOfStep('channels', fields)).toEqual([]);
  });
});
