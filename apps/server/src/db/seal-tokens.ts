import { and, eq, notLike } from 'drizzle-orm';
import type { SecretBox } from '../lib/secret-box';
import type { Db } from './client';
import { providerConfig, wecomApp } from './schema';

/**
 * Tokens written in plain text (rows from before migration 0032, and the demo seed, which runs
 * before the server's secret key is at hand) sealed now. Conditional on the plain value, so two
 * servers starting together seal each once.
 */
export const sealPlainTokens = async (db: Db, box: SecretBox) => {
  for (const r of await db
    .select({ id: wecomApp.id, token: wecomApp.callbackTokenSealed })
    .from(wecomApp)
    .where(notLike(wecomApp.callbackTokenSealed, 'sb1.%'))) {
    await db
      .update(wecomApp)
      .set({ callbackTokenSealed: box.seal(r.token) })
      .where(and(eq(wecomApp.id, r.id), eq(wecomApp.callbackTokenSealed, r.token)));
  }
  for (const r of await db
    .select({ kind: providerConfig.kind, token: providerConfig.receiptTokenSealed })
    .from(providerConfig)
    .where(notLike(providerConfig.receiptTokenSealed, 'sb1.%'))) {
    await db
      .update(providerConfig)
      .set({ receiptTokenSealed: box.seal(r.token) })
      .where(and(eq(providerConfig.kind, r.kind), eq(providerConfig.receiptTokenSealed, r.token)));
  }
};
