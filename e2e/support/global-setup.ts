import type { TestProject } from 'vitest/node';
import { apiLogin } from '../specs/shell-support';
import { type RunningServer, startServer } from './server';

let server: RunningServer | undefined;

interface JobRow {
  name: string;
  lastRuns: { status: string }[];
}

/**
 * The data centre's aggregates of the demo history are built before the specs start, so that no
 * spec meets the build half-way (its pages read the aggregates; on PGlite the build shares the
 * server's thread).
 */
const firstStatsBuilt = async (baseURL: string) => {
  const token = (await apiLogin(baseURL)).access_token;
  // The server queues the first build five minutes after start; the suite asks for it now.
  const run = await fetch(`${baseURL}/api/v1/system/jobs/data.stats-nightly/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!run.ok) throw new Error(`could not start the first aggregate build: ${run.status}`);
  const deadline = Date.now() + 300_000;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${baseURL}/api/v1/system/jobs`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { data: { items: JobRow[] } };
    const job = body.data.items.find((j) => j.name === 'data.stats-nightly');
    last = JSON.stringify(job?.lastRuns ?? []);
    if (job?.lastRuns.some((r) => r.status === 'SUCCESS')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the first aggregate build did not finish in 300 s: ${last}`);
};

/** One shared server for the e2e suite; specs needing other settings start their own. */
export default async function setup(project: TestProject) {
  // The sandbox corp's sign-in (a demo only): wecom.test.ts signs in through its member chooser.
  server = await startServer({ WECOM_DEMO_SIGNIN: '1' });
  await firstStatsBuilt(server.baseURL).catch(async (err) => {
    await server?.stop();
    throw err;
  });
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
