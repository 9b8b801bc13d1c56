import { z } from 'zod';
import { DATA_SCOPES } from './access';

export const loginBody = z
  .object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(1024),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBody>;

export const tokenBody = z.object({ token: z.string().min(1).max(4096).optional() }).strict();
export type TokenBody = z.infer<typeof tokenBody>;

/** Login and refresh answer the same three values, unix seconds (spec section 3). */
export const tokenResult = z.object({
  access_token: z.string(),
  access_expire: z.number().int(),
  refresh_after: z.number().int(),
});
export type TokenResult = z.infer<typeof tokenResult>;

export const adminInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(z.string()),
  nickname: z.string(),
  avatar_url: z.string(),
  introduction: z.string(),
  permissions: z.array(z.string()),
  dataScope: z.enum(DATA_SCOPES),
  lang: z.string().nullable(),
});
export type AdminInfo = z.infer<typeof adminInfo>;

/** `demo`: the WeCom sandbox corp's sign-in (WECOM_DEMO_SIGNIN), shown on the login page as a demo. */
export const authProvider = z.object({
  key: z.string(),
  name: z.string(),
  authorizeUrl: z.string(),
  demo: z.boolean(),
});
export const authProvidersResult = z.object({ providers: z.array(authProvider) });
export type AuthProvider = z.infer<typeof authProvider>;

// ---- second factor (TOTP, RFC 6238) -------------------------------------------------------------
/**
 * The login call answers this instead of a token when the account signs in with a second step:
 * the ticket (valid 5 minutes) goes to POST /api/v1/admin/login/mfa with a code. `mfa_setup`:
 * a role requires the second step and the account has none yet, so the secret to enrol comes along.
 */
export const mfaChallenge = z.object({
  mfa_required: z.literal(true),
  mfa_ticket: z.string(),
  mfa_setup: z.object({ secret: z.string(), otpauth_url: z.string() }).nullable(),
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;
export const loginResult = z.union([tokenResult, mfaChallenge]);
export type LoginResult = z.infer<typeof loginResult>;
export const isMfaChallenge = (r: LoginResult): r is MfaChallenge => 'mfa_required' in r;

/** A 6-digit code from the authenticator app, or a one-time recovery code (`xxxxx-xxxxx`). */
export const mfaCode = z
  .string()
  .trim()
  .regex(/^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/, 'msg:mfaCodeFormat');
export const mfaLoginBody = z.object({ ticket: z.string().min(1).max(2048), code: mfaCode }).strict();
/** After enrolling at sign-in, the recovery codes are shown once. */
export const mfaLoginResult = tokenResult.extend({ recovery_codes: z.array(z.string()).optional() });
export type MfaLoginResult = z.infer<typeof mfaLoginResult>;

export const mfaStatus = z.object({
  enabled: z.boolean(),
  /** A role of the user requires the second step (it cannot be turned off). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;
export const mfaSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaSetup = z.infer<typeof mfaSetup>;
export const mfaCodeBody = z.object({ code: mfaCode }).strict();
export const mfaRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodes>;
