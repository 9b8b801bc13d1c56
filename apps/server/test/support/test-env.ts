import type { ScryptParams } from '../../src/lib/password';

/** Tests hash with a small scrypt cost; one test asserts production uses N=2^17. */
export const TEST_SCRYPT: ScryptParams = { ln: 10, r: 8, p: 1 };
export const ADMIN_PASSWORD = 'Admin-pass-for-tests';
export const DEMO_PASSWORD = 'Demo-pass-for-tests';

/** The env createTestApp starts from (a test's own env is laid over it). */
export const TEST_ENV: Record<string, string> = {
  ADMIN_PASSWORD,
  // The suite signs in as admin with the password alone; auth-mfa-default.test.ts passes '' to
  // test the product's default (the admin role requires two-step verification).
  ADMIN_MFA_DEFAULT: 'off',
  DEMO_DATA: '1',
  // Products and orders of the demo only where a test asks for them (DEMO_COMMERCE: '1'):
  // the commerce tests start from an empty catalogue.
  DEMO_COMMERCE: '0',
  // The WeCom demo only where a test asks for it (DEMO_WECOM: '1'): the WeCom tests build their corps.
  DEMO_WECOM: '0',
  DEMO_PASSWORD,
};
