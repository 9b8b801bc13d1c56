import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  SSR_DIR,
  type SsrApiAnswer,
  type SsrApiCall,
  type SsrFromWorker,
  type SsrRenderInput,
  type SsrResult,
  type SsrToWorker,
} from '@educrm/contract';
import type { FastifyBaseLogger } from 'fastify';

/** The render worker the web build writes. */
export const workerFileOf = (distDir: string) => path.join(distDir, SSR_DIR, 'worker.js');

/** A render that takes longer is not waited for: the page is answered as plain index.html. */
export const RENDER_BUDGET_MS = 800;
/** Renders waiting at once beyond which a page is answered without one (the worker is one thread). */
export const MAX_WAITING = 4;
/** A render still running after this many budgets has hung: the worker is ended (and restarted). */
const HUNG_AFTER_BUDGETS = 20;

type Api = (call: SsrApiCall) => Promise<SsrApiAnswer>;

export interface SsrRenderer {
  /** The rendered page, or undefined (no worker, busy, too slow, failed): answer index.html then. */
  render: (input: SsrRenderInput, api: Api) => Promise<SsrResult | undefined>;
  close: () => Promise<void>;
}

/**
 * Runs the console's server render in one worker thread, so rendering never blocks the API's event
 * loop and the console's module singletons (stores, i18n, React Query) live apart from the server.
 * The worker is started at once (its bundle loads in ~0.5 s), restarted by the next render after it
 * died, and ended with the server. Each render gets RENDER_BUDGET_MS; the worker asks for the
 * render's API calls and the server answers them with `api`.
 */
export const createSsrRenderer = (
  distDir: string,
  log: FastifyBaseLogger,
  budgetMs = RENDER_BUDGET_MS,
): SsrRenderer | undefined => {
  const file = workerFileOf(distDir);
  if (!fs.existsSync(file)) return undefined;
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 0;
  /** Renders in the worker: their API bridge (kept until done, even after the budget ran out). */
  const running = new Map<number, { api: Api; done: (result: SsrResult | undefined) => void }>();

  const post = (message: SsrToWorker) => worker?.postMessage(message);
  const onMessage = (message: SsrFromWorker) => {
    if (message.type === 'ready') return;
    const render = running.get(message.id);
    if (!render) return;
    if (message.type === 'done') {
      running.delete(message.id);
      render.done(message.result);
      return;
    }
    render
      .api(message.request)
      .catch((): SsrApiAnswer => ({ status: 500, body: null }))
      .then((answer) => post({ type: 'api', id: message.id, call: message.call, answer }));
  };
  const start = () => {
    const started = new Worker(file, {
      workerData: { distDir },
      // A runaway render ends the worker, not the server; the next render starts a new one.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: false,
      stderr: false,
    });
    started.on('message', onMessage);
    started.on('error', (error) => log.error({ err: error }, 'ssr: the render worker failed'));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      for (const [id, render] of running) {
        running.delete(id);
        render.done(undefined);
      }
      if (!closed && code !== 0) log.warn({ code }, 'ssr: the render worker exited');
    });
    // An idle worker does not keep the process alive.
    started.unref();
    worker = started;
  };
  start();

  return {
    render: (input, api) => {
      if (closed || running.size >= MAX_WAITING) return Promise.resolve(undefined);
      if (!worker) start();
      const id = ++nextId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), budgetMs);
        const started = worker;
        const hung = setTimeout(() => {
          if (running.has(id) && worker === started) {
            log.error({ url: input.url }, 'ssr: a render hung; the render worker is restarted');
            void started?.terminate();
          }
        }, budgetMs * HUNG_AFTER_BUDGETS);
        hung.unref();
        running.set(id, {
          api,
          done: (result) => {
            clearTimeout(timer);
            clearTimeout(hung);
            resolve(result);
          },
        });
        post({ type: 'render', id, input });
      });
    },
    close: async () => {
      closed = true;
      await worker?.terminate();
    },
  };
};
