import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { wecomApp } from '../../src/db/schema';
import { sealPlainTokens } from '../../src/db/seal-tokens';
import { SecretBox } from '../../src/lib/secret-box';
import { openTestDatabase } from '../support/app';

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const box = new SecretBox('sealed-tokens-test-key-of-32-chars-at-least');

beforeAll(async () => {
  opened = await openTestDatabase();
  await runMigrations(opened.database);
});
afterAll(async () => opened.drop());

describe('tokens stored in plain text before migration 0032', () => {
  it('are sealed at start, once, and open to what they were', async () => {
    const db = opened.database.db;
    const [app] = await db
      .insert(wecomApp)
      .values({
        name: 'old',
        kind: 'CUSTOMER_APP',
        corpId: 'wwold',
        secretSealed: box.seal('s'),
        callbackKey: 'oldkey',
        callbackTokenSealed: 'PlainCallbackToken24chars',
        encodingAesKeySealed: box.seal('k'),
      })
      .returning({ id: wecomApp.id });
    await db.execute(
      sql`INSERT INTO provider_config (kind, receipt_token_sealed) VALUES ('sms', 'plain-receipt-token')`,
    );
    await sealPlainTokens(db, box);
    const read = async () => ({
      callback: (
        await db
          .select()
          .from(wecomApp)
          .where(eq(wecomApp.id, app?.id as number))
      )[0]?.callbackTokenSealed as string,
      receipt: (
        await queryRows<{ t: string }>(db, sql`SELECT receipt_token_sealed AS t FROM provider_config`)
      )[0]?.t as string,
    });
    const first = await read();
    expect(first.callback).toMatch(/^sb1\./);
    expect(box.open(first.callback)).toBe('PlainCallbackToken24chars');
    expect(box.open(first.receipt)).toBe('plain-receipt-token');
    await sealPlainTokens(db, box);
    expect(await read()).toEqual(first);
  });
});
