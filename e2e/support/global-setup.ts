import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './server';

let server: RunningServer | undefined;

/** One shared server for the e2e suite; specs needing other settings start their own. */
export default async function setup(project: TestProject) {
  server = await startServer();
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
