import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { wecomApp } from '../../db/schema';
import { SecretBox } from '../../lib/secret-box';
import { processTokens } from '../../providers/wecom/client';
import { newEncodingAesKey } from '../../providers/wecom/crypto';
import type { AuthService } from '../auth/service';
import type { ClientService } from '../clients/clients.service';
import type { ExportService } from '../exports/service';
import { WecomAppService } from './apps.service';
import { WecomCallbacks, wecomCallbackRoutes } from './callbacks';
import { wecomDataRoutes } from './data.routes';
import { WecomDataService } from './data.service';
import { WecomGateway } from './gateway';
import { WecomWorker } from './jobs';
import { wecomAppRoutes } from './routes';
import { WecomSignIn, wecomSignInRoutes } from './signin';
import { WecomSync } from './sync';

declare module 'fastify' {
  interface FastifyInstance {
    /** WeCom background work (sync runs, callback events); main.ts schedules its job. */
    wecomWorker: WecomWorker;
  }
}

/**
 * Apps written without sealed keys (the demo seed runs before the server's secret key is at hand):
 * a random secret (a sandbox app needs none) and a new EncodingAESKey, sealed now. Conditional, so
 * two servers starting together seal once.
 */
const sealPendingKeys = async (db: Db, box: SecretBox) => {
  const pending = await db
    .select({ id: wecomApp.id })
    .from(wecomApp)
    .where(or(eq(wecomApp.secretSealed, ''), eq(wecomApp.encodingAesKeySealed, '')));
  for (const { id } of pending) {
    await db
      .update(wecomApp)
      .set({
        secretSealed: sql`CASE WHEN ${wecomApp.secretSealed} = '' THEN ${box.seal(randomBytes(24).toString('base64url'))} ELSE ${wecomApp.secretSealed} END`,
        encodingAesKeySealed: sql`CASE WHEN ${wecomApp.encodingAesKeySealed} = '' THEN ${box.seal(newEncodingAesKey())} ELSE ${wecomApp.encodingAesKeySealed} END`,
      })
      .where(
        and(eq(wecomApp.id, id), or(eq(wecomApp.secretSealed, ''), eq(wecomApp.encodingAesKeySealed, ''))),
      );
  }
};

/** Enterprise WeChat: apps, sync, callbacks (DOMAIN 9). */
export const registerWecom = async (
  app: FastifyInstance,
  deps: {
    db: Db;
    secretKey: string;
    config: Config;
    now: () => Date;
    auth: AuthService;
    /** 一键建客户 from an unlinked contact goes through client creation (duplicate rules, limits). */
    clients?: ClientService;
    /** 导出 of the external-contact list. */
    exports?: ExportService;
  },
) => {
  const box = new SecretBox(deps.secretKey);
  await sealPendingKeys(deps.db, box);
  const gateway = new WecomGateway({ db: deps.db, box, apiBase: deps.config.wecomApiBase });
  const sync = new WecomSync(deps.db, gateway, deps.now);
  const callbacks = new WecomCallbacks(deps.db, box, gateway, sync, deps.now, app.log);
  const data = new WecomDataService(deps.db, gateway, deps.now, deps.clients);
  const worker = new WecomWorker(sync, app.log, [
    () => callbacks.processPending(),
    () => data.trackTransfers(),
  ]);
  app.decorate('wecomWorker', worker);
  const apps = new WecomAppService(deps.db, box, gateway, sync, deps.now, processTokens);
  await app.register(wecomAppRoutes, { apps, worker });
  await app.register(wecomDataRoutes, { data, exports: deps.exports });
  await app.register(wecomCallbackRoutes, { callbacks, onEvent: () => void worker.kick() });
  const signIn = new WecomSignIn(
    deps.db,
    gateway,
    deps.auth,
    deps.secretKey,
    deps.now,
    deps.config.wecomDemoSignIn,
  );
  deps.auth.addProviderSource((origin, nonce) => signIn.providers(origin, nonce));
  await app.register(wecomSignInRoutes, { signIn });
  return { box, gateway, sync, worker, callbacks, signIn };
};
