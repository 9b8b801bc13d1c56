import { SERVER_MESSAGES } from '@educrm/contract/messages';
import { describe, expect, test } from 'vitest';
import { isServerMessage, sellableIssueOf } from './serverMessages';

describe('server refusals of the product pages', () => {
  test('an on-sale refusal in any language points at its step and field', () => {
    for (const m of Object.values(SERVER_MESSAGES)) {
      expect(sellableIssueOf(m.productNeedsCover)).toEqual({ step: 'basics', field: 'coverUrl' });
      expect(sellableIssueOf(m.productNeedsLeaf)).toEqual({ step: 'basics', field: 'categoryId' });
      expect(sellableIssueOf(m.productNeedsSku)).toEqual({ step: 'specs', field: null });
    }
    expect(sellableIssueOf('something else')).toBeNull();
    expect(sellableIssueOf(null)).toBeNull();
    expect(isServerMessage(SERVER_MESSAGES.en.conflict, 'conflict')).toBe(true);
    expect(isServerMessage('', 'conflict')).toBe(false);
  });
});
