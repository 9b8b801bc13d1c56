import { describe, expect, test } from 'vitest';
import { checkImageFile, formatBytes } from './imageFile';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MB2 = 2 * 1024 * 1024;

describe('checkImageFile', () => {
  test('type first, then size; the limit itself is allowed', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 }, TYPES, MB2)).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: MB2 }, TYPES, MB2)).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: MB2 + 1 }, TYPES, MB2)).toBe('size');
    expect(checkImageFile({ type: 'image/gif', size: 10 }, TYPES, MB2)).toBe('type');
    expect(checkImageFile({ type: '', size: MB2 + 1 }, TYPES, MB2)).toBe('type');
  });
});

describe('formatBytes', () => {
  test('MB with one decimal, else KB rounded up; unit kept with the number', () => {
    expect(formatBytes(MB2)).toBe('2\u00a0MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5\u00a0MB');
    expect(formatBytes(1500)).toBe('2\u00a0KB');
  });
});
