import {
  CALL_PROVIDERS,
  formatMessage,
  type Language,
  type OutboundSettings,
  type ProviderConfigRow,
  type ProviderConfigUpdate,
  type ProviderKind,
  SMS_PROVIDERS,
} from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { outboundSetting, providerConfig } from '../../db/schema';
import { said } from '../../lib/audit';
import { conflict, fieldError } from '../../lib/errors';
import { toIso } from '../../lib/list';
import { sameSecret } from '../../lib/same-secret';
import { secretHint } from '../../lib/secret-box';
import { updateVersioned } from '../../lib/versioned';
import type { ProviderConfigRecord, ProviderRegistry } from '../../providers/registry';
import type { Principal } from '../../types';
import { auditOf, readOutboundSettings } from './common';

const NAMES: Record<ProviderKind, readonly string[]> = { call: CALL_PROVIDERS, sms: SMS_PROVIDERS };

/** Outbound settings (connect-rate threshold, SMS window and cap) and provider credentials. */
export class OutboundSettingsService {
  constructor(
    private readonly db: Db,
    private readonly registry: ProviderRegistry,
  ) {}

  get(): Promise<OutboundSettings> {
    return readOutboundSettings(this.db);
  }

  async update(p: Principal, input: OutboundSettings, ip: string) {
    await readOutboundSettings(this.db);
    await this.db.transaction(async (tx) => {
      const { version, ...values } = input;
      await updateVersioned(tx, outboundSetting, 1, version, { ...values, updatedBy: p.userId });
      await auditOf(
        tx,
        p,
        ip,
        'call.settings.update',
        'outbound_setting',
        1,
        said(JSON.stringify(values), {}),
      );
    });
    return this.get();
  }

  private toRow(c: ProviderConfigRecord, full: boolean): ProviderConfigRow {
    let hint: ProviderConfigRow['secretHint'];
    try {
      hint = secretHint(this.registry.open(c.secretSealed));
    } catch {
      hint = { set: Boolean(c.secretSealed), last4: null };
    }
    const base = c.kind === 'call' ? '/api/v1/call/receipts' : '/api/v1/sms/receipts';
    return {
      kind: c.kind as ProviderKind,
      provider: c.provider,
      accessKeyId: c.accessKeyId,
      secretHint: hint,
      endpoint: c.endpoint,
      region: c.region,
      appId: c.appId,
      sandboxSuccessRate: c.sandboxSuccessRate,
      sandboxDelayMs: c.sandboxDelayMs,
      receiptPath: full ? `${base}/${c.provider}?token=${this.registry.open(c.receiptTokenSealed)}` : '',
      updatedAt: toIso(c.updatedAt),
      version: c.version,
    };
  }

  async provider(kind: ProviderKind, canEdit: boolean) {
    return this.toRow(await this.registry.config(kind), canEdit);
  }

  async updateProvider(p: Principal, kind: ProviderKind, input: ProviderConfigUpdate, ip: string) {
    if (!NAMES[kind].includes(input.provider)) throw fieldError('provider', 'invalidValue');
    await this.registry.config(kind);
    await this.db.transaction(async (tx) => {
      const { version, accessKeySecret, ...values } = input;
      const res = await tx
        .update(providerConfig)
        .set({
          ...values,
          ...(accessKeySecret ? { secretSealed: this.registry.seal(accessKeySecret) } : {}),
          version: sql`${providerConfig.version} + 1`,
          updatedAt: new Date(),
          updatedBy: p.userId,
        })
        .where(sql`${providerConfig.kind} = ${kind} AND ${providerConfig.version} = ${version}`)
        .returning({ kind: providerConfig.kind });
      if (!res.length) throw conflict();
      await auditOf(
        tx,
        p,
        ip,
        'call.provider.update',
        'provider_config',
        kind,
        said(
          `${kind}: ${input.provider} key ${input.accessKeyId || '-'}${accessKeySecret ? ', secret replaced' : ''}`,
          {
            channel: kind,
            callProvider: input.provider,
            secretReplaced: Boolean(accessKeySecret),
          },
        ),
      );
    });
    this.registry.invalidate();
    return this.provider(kind, true);
  }

  /** "Test connection": one cheap authenticated call with the stored credentials. */
  async test(kind: ProviderKind, lang: Language) {
    const c = await this.registry.config(kind);
    try {
      const provider =
        kind === 'call' ? this.registry.buildCall(c.provider, c) : this.registry.buildSms(c.provider, c);
      await provider.test();
      return { ok: true, message: formatMessage(lang, 'providerTestOk') };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const reason = [e.code, e.message].filter(Boolean).join(' ').slice(0, 200);
      return { ok: false, message: formatMessage(lang, 'providerTestFailed', { reason }) };
    }
  }

  /**
   * A receipt push is genuine when it carries the kind's receipt token and names the configured
   * provider, or one whose messages (calls) still await their receipt: after a switch of provider
   * the receipts of what the previous one sent are still taken (applied only to its own messages).
   */
  async receiptAllowed(kind: ProviderKind, provider: string, token: string | undefined) {
    if (!token) return false;
    const c = await this.registry.config(kind);
    if (!sameSecret(token, this.registry.open(c.receiptTokenSealed))) return false;
    if (provider === c.provider) return true;
    const awaiting =
      kind === 'sms'
        ? sql`SELECT 1 FROM sms_log WHERE provider = ${provider} AND receive_status = 'INIT' LIMIT 1`
        : sql`SELECT 1 FROM call_record WHERE provider = ${provider} AND status NOT IN ('ENDED','FAILED') LIMIT 1`;
    return (await queryRows(this.db, awaiting)).length > 0;
  }
}
