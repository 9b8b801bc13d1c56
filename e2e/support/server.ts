import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '../../scripts/server-args.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ADMIN_PASSWORD = 'E2e-admin-pass-2026';
export const DEMO_PASSWORD = 'E2e-demo-pass-2026';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** The state letter of /proc/<pid>/stat (R, S, Z, ...), or null when there is no such process. */
export const procState = (pid: number): string | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
};

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
  output(): string;
}

/**
 * Starts the built server (apps/server/dist) on a free loopback port with its own PGlite data
 * directory, demo data and known passwords. Extra env (short token lifetimes, ...) may be given.
 */
export const startServer = async (
  env: Record<string, string> = {},
  opts: {
    dataDir?: string;
    keepDataDir?: boolean;
    /**
     * Run the server under a parent that never reaps it (a shell that becomes `sleep`), as in a
     * container without an init: once killed, the server stays a zombie.
     */
    unreapedParent?: boolean;
  } = {},
): Promise<RunningServer & { pid: number; kill(signal: NodeJS.Signals): void }> => {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-e2e-'));
  let out = '';
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  // The flags `npm start` gives the server.
  const nodeArgs = serverNodeArgs({ ...process.env, ...env });
  const [cmd, args] = opts.unreapedParent
    ? ['sh', ['-c', '"$0" "$@" & echo "server-pid $!"; exec sleep 3600', process.execPath, ...nodeArgs, main]]
    : [process.execPath, [...nodeArgs, main]];
  const child: ChildProcess = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      // The specs sign in as admin with the password alone; admin-mfa-default.test.ts passes '' to
      // start with the product's default (the admin role requires two-step verification).
      ADMIN_MFA_DEFAULT: 'off',
      DEMO_DATA: '1',
      // The WeCom demo (a sandbox app, so the login page offers WeCom) only where a spec asks for it.
      DEMO_WECOM: '0',
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // Start-up seeds the demo data on PGlite: ~15 s on a quiet machine, several times that when loaded.
  const deadline = Date.now() + 180_000;
  const serverPid = () =>
    opts.unreapedParent ? Number(/server-pid (\d+)/.exec(out)?.[1] ?? 0) : (child.pid ?? 0);
  const serverGone = () => {
    if (!opts.unreapedParent) return child.exitCode !== null;
    const state = procState(serverPid());
    return serverPid() > 0 && (state === null || state === 'Z');
  };
  for (;;) {
    if (serverGone()) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${baseURL}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      if (opts.unreapedParent && serverPid() > 0) process.kill(serverPid(), 'SIGKILL');
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    dataDir,
    pid: serverPid(),
    kill: (signal) => process.kill(serverPid(), signal),
    output: () => out,
    async stop() {
      if (opts.unreapedParent) {
        if (!serverGone()) process.kill(serverPid(), 'SIGTERM');
        const deadline = Date.now() + 15_000;
        while (!serverGone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        if (!serverGone()) process.kill(serverPid(), 'SIGKILL');
        child.kill('SIGKILL'); // the non-reaping parent; its zombie child goes with it
      } else if (child.exitCode === null) {
        let timer: NodeJS.Timeout | undefined;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
        clearTimeout(timer);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
