import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { SecretBox } from '../../lib/secret-box';
import { processTokens } from '../../providers/wecom/client';
import type { AuthService } from '../auth/service';
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

/** Enterprise WeChat: apps, sync, callbacks (DOMAIN 9). */
export const registerWecom = async (
  app: FastifyInstance,
  deps: {
    db: Db;
    secretKey: string;
    config: Config;
    now: () => Date;
    auth: AuthService;
  },
) => {
  const box = new SecretBox(deps.secretKey);
  const gateway = new WecomGateway({ db: deps.db, box, apiBase: deps.config.wecomApiBase });
  const sync = new WecomSync(deps.db, gateway, deps.now);
  const callbacks = new WecomCallbacks(deps.db, box, gateway, sync, deps.now, app.log);
  const data = new WecomDataService(deps.db, gateway);
  const worker = new WecomWorker(sync, app.log, [
    () => callbacks.processPending(),
    () => data.trackTransfers(),
  ]);
  app.decorate('wecomWorker', worker);
  const apps = new WecomAppService(deps.db, box, gateway, sync, deps.now, processTokens);
  await app.register(wecomAppRoutes, { apps, worker });
  await app.register(wecomDataRoutes, { data });
  await app.register(wecomCallbackRoutes, { callbacks, onEvent: () => void worker.kick() });
  const signIn = new WecomSignIn(deps.db, gateway, deps.auth, deps.secretKey, deps.now);
  deps.auth.addProviderSource((origin) => signIn.providers(origin));
  await app.register(wecomSignInRoutes, { signIn });
  return { box, gateway, sync, worker, callbacks, signIn };
};
