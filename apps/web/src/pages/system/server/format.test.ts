import { describe, expect, it } from 'vitest';
import { formatBytes, splitUptime } from './format';

describe('server page formats', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
  });
  it('splits an uptime into days, hours and minutes', () => {
    expect(splitUptime(59)).toEqual({ d: 0, h: 0, m: 0 });
    expect(splitUptime(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ d: 2, h: 3, m: 4 });
  });
});
