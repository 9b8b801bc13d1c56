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

export const authProvider = z.object({ key: z.string(), name: z.string(), authorizeUrl: z.string() });
export const authProvidersResult = z.object({ providers: z.array(authProvider) });
export type AuthProvider = z.infer<typeof authProvider>;
