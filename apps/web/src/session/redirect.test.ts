import { describe, expect, test } from 'vitest';
import { loginPath, safeRedirect } from './redirect';

const origin = 'https://crm.example.com';

describe('safeRedirect', () => {
  test('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirect('/client/list?x=1&y=%E4%B8%AD#top', origin)).toBe('/client/list?x=1&y=%E4%B8%AD#top');
  });
  test('refuses other origins, protocol-relative and backslash tricks', () => {
    for (const bad of [
      'https://evil.example.com/x',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'dashboard',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad, origin), String(bad)).toBe('/');
    }
  });
  test('never loops back to the login page', () => {
    expect(safeRedirect('/login?redirect=%2Fx', origin)).toBe('/');
  });
});

describe('loginPath', () => {
  test('encodes the full path with its query', () => {
    expect(loginPath('/profile/index?x=1')).toBe('/login?redirect=%2Fprofile%2Findex%3Fx%3D1');
  });
  test('the home page too', () => {
    expect(loginPath('/')).toBe('/login?redirect=%2F');
  });
});
