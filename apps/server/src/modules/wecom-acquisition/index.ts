import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { SecretBox } from '../../lib/secret-box';
import type { WecomCallbacks } from '../wecom/callbacks';
import type { WecomGateway } from '../wecom/gateway';
import { ChannelCodeService } from './codes.service';
import { markSyncedAdds, onChannelAdd } from './on-add';
import { channelCodeRoutes } from './routes';
import { simulateScan } from './simulate';
import { WelcomeSender } from './welcome';

/** WeCom customer acquisition (issue 41): channel codes, adds through them, welcome messages. */
export const registerWecomAcquisition = async (
  app: FastifyInstance,
  deps: {
    db: Db;
    now: () => Date;
    queue: JobQueue;
    box: SecretBox;
    gateway: WecomGateway;
    callbacks: WecomCallbacks;
    kick: () => unknown;
    /** The WeCom worker's passes (after each sync and callback batch). */
    passes: (() => Promise<unknown>)[];
  },
) => {
  const codes = new ChannelCodeService(deps.db, deps.gateway, deps.now);
  const welcome = new WelcomeSender(deps.db, deps.gateway, deps.queue, deps.now);
  deps.callbacks.hooks.received.push(welcome.received);
  deps.passes.push(() => markSyncedAdds(deps.db));
  deps.callbacks.hooks.added.push(onChannelAdd(deps.db, deps.gateway, deps.now, app.log));
  await app.register(channelCodeRoutes, {
    codes,
    simulate: (id, name) => simulateScan(deps, id, name),
  });
  return { codes, welcome };
};
