import { LcicLiveProvider, type LcicSettings } from './lcic';
import { SandboxLiveProvider } from './sandbox';
import type { LiveProvider } from './types';

export { verifyLcicCallback } from './lcic';
export * from './types';

/** The provider of the stored settings; sandbox unless LCIC is chosen and complete. */
export const liveProviderOf = (
  settings: ({ provider: string } & LcicSettings) | null,
  now?: () => Date,
  onRegister?: (origin: string, userId: string) => Promise<void>,
): LiveProvider => {
  if (settings?.provider === 'lcic' && settings.sdkAppId && settings.secretId && settings.secretKey)
    return new LcicLiveProvider(settings, now, onRegister);
  return new SandboxLiveProvider();
};
