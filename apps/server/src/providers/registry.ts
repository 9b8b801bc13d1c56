import { randomBytes } from 'node:crypto';
import type { ProviderKind } from '@educrm/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { providerConfig } from '../db/schema';
import { SecretBox } from '../lib/secret-box';
import { AliyunPlsProvider } from './call/aliyun-pls';
import { SandboxCallProvider } from './call/sandbox';
import type { CallProvider, CallReceipt } from './call/types';
import { AliyunSmsProvider } from './sms/aliyun';
import { SandboxSmsProvider } from './sms/sandbox';
import { TencentSmsProvider } from './sms/tencent';
import type { SmsProvider, SmsReceipt } from './sms/types';

export type ProviderConfigRecord = typeof providerConfig.$inferSelect;

/** The stored configuration of a kind; created with the sandbox and a fresh receipt token on first use. */
export const loadProviderConfig = async (
  db: DbOrTx,
  kind: ProviderKind,
  box: SecretBox,
): Promise<ProviderConfigRecord> => {
  const [row] = await db.select().from(providerConfig).where(eq(providerConfig.kind, kind));
  if (row) return row;
  await db
    .insert(providerConfig)
    .values({ kind, receiptTokenSealed: box.seal(randomBytes(24).toString('base64url')) })
    .onConflictDoNothing();
  const [created] = await db.select().from(providerConfig).where(eq(providerConfig.kind, kind));
  if (!created) throw new Error(`provider_config ${kind} missing`);
  return created;
};

export class UnknownProviderError extends Error {}

/**
 * Builds the provider implementations from the stored credentials (secrets opened with the
 * SecretBox only here) and keeps one instance per configuration version, so a sandbox's pending
 * receipts survive between requests. The sandbox of a kind is always available; the real one is
 * the one configured for the kind.
 */
export class ProviderRegistry {
  private readonly box: SecretBox;
  private readonly cache = new Map<string, { at: number; version: number; value: unknown }>();
  callSink: (r: CallReceipt[]) => Promise<void> = async () => {};
  smsSink: (r: SmsReceipt[]) => Promise<void> = async () => {};

  constructor(
    private readonly db: DbOrTx,
    secretKey: string,
    private readonly now: () => Date,
    private readonly ttlMs = 3000,
  ) {
    this.box = new SecretBox(secretKey);
  }

  seal(secret: string) {
    return this.box.seal(secret);
  }
  open(sealed: string | null) {
    return sealed ? this.box.open(sealed) : '';
  }

  invalidate() {
    this.cache.clear();
  }

  /** The stored configuration of a kind (created on first use). */
  config(kind: ProviderKind) {
    return loadProviderConfig(this.db, kind, this.box);
  }

  private async cached<T>(
    key: string,
    kind: ProviderKind,
    build: (c: ProviderConfigRecord) => T,
  ): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as T;
    const c = await this.config(kind);
    if (hit && hit.version === c.version) {
      hit.at = Date.now();
      return hit.value as T;
    }
    const value = build(c);
    this.cache.set(key, { at: Date.now(), version: c.version, value });
    return value;
  }

  /** The provider of a caller number (its `provider` column). */
  async call(name: string): Promise<CallProvider> {
    return this.cached(`call:${name}`, 'call', (c) => this.buildCall(name, c));
  }

  async sms(name: string): Promise<SmsProvider> {
    return this.cached(`sms:${name}`, 'sms', (c) => this.buildSms(name, c));
  }

  buildCall(name: string, c: ProviderConfigRecord): CallProvider {
    if (name === 'sandbox')
      return new SandboxCallProvider(
        { connectRate: c.sandboxSuccessRate, delayMs: c.sandboxDelayMs, now: this.now },
        (r) => this.callSink(r),
      );
    if (name === 'aliyun_pls' && c.provider === 'aliyun_pls')
      return new AliyunPlsProvider({
        accessKeyId: c.accessKeyId,
        accessKeySecret: this.open(c.secretSealed),
        endpoint: c.endpoint,
        now: this.now,
      });
    throw new UnknownProviderError(name);
  }

  buildSms(name: string, c: ProviderConfigRecord): SmsProvider {
    if (name === 'sandbox')
      return new SandboxSmsProvider(
        { successRate: c.sandboxSuccessRate, delayMs: c.sandboxDelayMs, now: this.now },
        (r) => this.smsSink(r),
      );
    if (name === 'aliyun' && c.provider === 'aliyun')
      return new AliyunSmsProvider({
        accessKeyId: c.accessKeyId,
        accessKeySecret: this.open(c.secretSealed),
        endpoint: c.endpoint,
        now: this.now,
      });
    if (name === 'tencent' && c.provider === 'tencent')
      return new TencentSmsProvider({
        secretId: c.accessKeyId,
        secretKey: this.open(c.secretSealed),
        appId: c.appId,
        region: c.region,
        endpoint: c.endpoint,
        now: this.now,
      });
    throw new UnknownProviderError(name);
  }

  /**
   * A provider's receipt format (parse, answer) without its credentials: also for one no longer
   * configured, whose receipts for what it sent still come.
   */
  async callReceipts(name: string): Promise<Pick<CallProvider, 'name' | 'parseReceipts' | 'receiptAck'>> {
    return this.buildCall(name, { ...(await this.config('call')), ...this.uncredentialled(name) });
  }
  async smsReceipts(name: string): Promise<Pick<SmsProvider, 'name' | 'parseReceipts' | 'receiptAck'>> {
    return this.buildSms(name, { ...(await this.config('sms')), ...this.uncredentialled(name) });
  }
  private uncredentialled(name: string) {
    return { provider: name, accessKeyId: '', secretSealed: null, endpoint: '' };
  }

  /** The provider new SMS templates and signatures go to: the configured one. */
  async currentSmsName() {
    return (await this.config('sms')).provider;
  }
  async poolKey() {
    return (await this.config('call')).appId;
  }
}
