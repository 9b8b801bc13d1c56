import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { ADMIN_ROLE } from '@educrm/contract/access';
import type { AdminInfo } from '@educrm/contract/auth';
import {
  SSR_DIR,
  type SsrApiAnswer,
  type SsrFromWorker,
  type SsrRenderInput,
  type SsrResult,
  type SsrToWorker,
} from '@educrm/contract/ssr';
import type { ApiBridge } from './adapter';
import type { PageAssets } from './assets';
import { renderPage } from './render';
import { cachePathsOf, type PrebuiltStyles } from './styles';

/**
 * The render worker (a worker thread of the API server, apps/server src/plugins/ssr.ts), built by
 * vite-plugins/ssr-bundle.ts into `<dist>/server/worker.js`. It renders one page at a time and asks
 * the server for every API call a render makes.
 */
const port = parentPort;
if (!port) throw new Error('ssr worker: not in a worker thread');
const { distDir } = workerData as { distDir: string };

const read = (file: string) => fs.readFileSync(path.join(distDir, file), 'utf8');
const pages = JSON.parse(read(`${SSR_DIR}/page-assets.json`)) as PageAssets;
/** The prebuilt antd stylesheets index.html names (vite-plugins/antd-styles.ts). */
const prebuilt = ((): PrebuiltStyles => {
  const index = read('index.html');
  const layout = /<link [^>]*href="\/([^"]+)"[^>]*data-antd-styles/.exec(index)?.[1];
  const pagesFile = /<meta name="antd-page-styles" content="\/([^"]+)"/.exec(index)?.[1];
  return {
    layout: layout ? cachePathsOf(read(layout)) : new Set(),
    pages: pagesFile ? cachePathsOf(read(pagesFile)) : new Set(),
  };
})();

const send = (message: SsrFromWorker) => port.postMessage(message);
const answers = new Map<string, (answer: SsrApiAnswer) => void>();
let calls = 0;

/**
 * A first render compiles the console's code (~10x a warm one): the worker renders the dashboard
 * and a list page once for an admin of no session before it takes requests, so the first signed-in
 * page after a start is rendered within the server's budget too. Nothing of it is kept.
 */
const WARM_UP = ['/dashboard', '/client/list'];
const warmUpInfo: AdminInfo = {
  id: 0,
  username: 'warm-up',
  roles: [ADMIN_ROLE],
  nickname: '',
  avatar_url: '',
  introduction: '',
  permissions: [],
  dataScope: 'ALL',
  lang: null,
};
const warmUpApi: ApiBridge = (call) =>
  call.method === 'POST'
    ? Promise.resolve({ status: 200, body: { code: 0, msg: 'ok', data: warmUpInfo } })
    : new Promise<never>(() => undefined);

let queue: Promise<unknown> = (async () => {
  for (const url of WARM_UP)
    await renderPage({ url }, { api: warmUpApi, pages, prebuilt, dataWaitMs: 0 }).catch(() => undefined);
})();
const render = (id: number, input: SsrRenderInput) => {
  const api: ApiBridge = (request) =>
    new Promise<SsrApiAnswer>((resolve) => {
      const call = ++calls;
      answers.set(`${id}:${call}`, resolve);
      send({ type: 'api', id, call, request });
    });
  queue = queue.then(async () => {
    let result: SsrResult;
    try {
      result = await renderPage(input, { api, pages, prebuilt });
    } catch (error) {
      result = { ok: false, reason: `error: ${error instanceof Error ? error.message : String(error)}` };
    }
    send({ type: 'done', id, result });
  });
};

port.on('message', (message: SsrToWorker) => {
  if (message.type === 'render') render(message.id, message.input);
  else {
    const key = `${message.id}:${message.call}`;
    answers.get(key)?.(message.answer);
    answers.delete(key);
  }
});
// A page's call answered after its render had finished settles a query nobody reads: no crash.
process.on('unhandledRejection', () => undefined);
void queue.then(() => send({ type: 'ready' }));
