import type { MfaRecoveryCodes, MfaSetup, MfaStatus } from '@educrm/contract/auth';
import type { Profile, profileUpdate, SessionRow } from '@educrm/contract/system';
import type { z } from 'zod';
import { request } from './http';

/** The signed-in user's own profile (every role). */
export const profileKeys = {
  profile: ['profile'] as const,
  sessions: ['profile', 'sessions'] as const,
};

export const getProfile = () => request<Profile>({ url: '/v1/profile', method: 'get' });

export const updateProfile = (body: z.input<typeof profileUpdate>) =>
  request<Profile>({ url: '/v1/profile', method: 'put', data: body, silent: true });

/** Multipart upload (field "file"); the server checks the content and answers the new URL. */
export const uploadAvatar = (file: Blob, onProgress?: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return request<{ avatarUrl: string }>({
    url: '/v1/profile/avatar',
    method: 'post',
    data: form,
    timeout: 60_000,
    silent: true,
    onUploadProgress: (e) => {
      if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
};

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  request<{ endedSessions: number }>({
    url: '/v1/profile/password',
    method: 'put',
    data: body,
    silent: true,
  });

export const listOwnSessions = () =>
  request<{ items: SessionRow[] }>({ url: '/v1/profile/sessions', method: 'get' });

export const endOwnSession = (sid: string) =>
  request<null>({ url: `/v1/profile/sessions/${sid}`, method: 'delete', silent: true });

// ---- two-step verification (TOTP) ----------------------------------------------------------------
export const mfaKeys = { status: ['profile', 'mfa'] as const };
export const getMfaStatus = () => request<MfaStatus>({ url: '/v1/profile/mfa', method: 'get' });
export const startMfaSetup = () => request<MfaSetup>({ url: '/v1/profile/mfa/setup', method: 'post' });
export const enableMfa = (code: string) =>
  request<MfaRecoveryCodes>({ url: '/v1/profile/mfa/enable', method: 'post', data: { code }, silent: true });
export const newRecoveryCodes = (code: string) =>
  request<MfaRecoveryCodes>({
    url: '/v1/profile/mfa/recovery-codes',
    method: 'post',
    data: { code },
    silent: true,
  });
export const disableMfa = (code: string) =>
  request<null>({ url: '/v1/profile/mfa/disable', method: 'post', data: { code }, silent: true });
