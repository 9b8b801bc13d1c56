import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Json, type SimOptions, WecomSimulator } from '../../src/providers/wecom/simulator';

/** A fault: after `after` calls of `path` (from now), answer `errcode` `times` times. */
export interface Fault {
  path: string;
  errcode: number;
  times: number;
  after?: number;
  /** Instead of an errcode: expire every token at that moment (the next call gets 42001). */
  expireTokens?: boolean;
  /** Instead of an errcode: answer HTTP 502. */
  http?: number;
}

const ERRMSG: Record<number, string> = {
  [-1]: 'system busy',
  45009:
    'api freq out of limit, hint: [sim], from ip: 127.0.0.1, more info at https://open.work.weixin.qq.com/devtool/query?e=45009',
  45033: 'api concurrent out of limit',
  40001: 'invalid credential',
  40014: 'invalid access_token',
  42001: 'access_token expired',
};

/**
 * The local WeCom server of the tests: the simulator's protocol over HTTP on 127.0.0.1, with fault
 * injection (errcodes, token expiry, HTTP errors) and a per-path call log.
 */
export class LocalWecomServer {
  readonly sim: WecomSimulator;
  readonly faults: (Fault & { seen: number })[] = [];
  readonly log: { path: string; errcode: number }[] = [];
  private server?: http.Server;
  url = '';

  constructor(opts: SimOptions) {
    this.sim = new WecomSimulator(opts);
  }

  inject(f: Fault) {
    this.faults.push({ ...f, seen: 0 });
  }

  private readonly held = new Map<string, Promise<void>>();

  /** Answers to `path` wait until the returned release is called (a sync held mid-run). */
  hold(path: string): () => void {
    let release = () => {};
    this.held.set(
      path,
      new Promise<void>((r) => {
        release = r;
      }),
    );
    return () => {
      this.held.delete(path);
      release();
    };
  }

  calls(path?: string) {
    return path ? this.log.filter((l) => l.path === path).length : this.log.length;
  }

  private fault(path: string): Fault | null {
    for (const f of this.faults) {
      if (f.path !== path && f.path !== '*') continue;
      if (f.times <= 0) continue;
      if (f.seen++ < (f.after ?? 0)) continue;
      f.times--;
      return f;
    }
    return null;
  }

  async start() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        await this.held.get(url.pathname);
        const query = Object.fromEntries(url.searchParams);
        let body: Json = {};
        try {
          body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Json) : {};
        } catch {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ errcode: 47001, errmsg: 'data format error' }));
          return;
        }
        const f = this.fault(url.pathname);
        let out: Json;
        if (f?.http) {
          this.log.push({ path: url.pathname, errcode: -f.http });
          res.writeHead(f.http);
          res.end('bad gateway');
          return;
        }
        if (f?.expireTokens) {
          this.sim.expireTokens();
          out = this.sim.handle(req.method ?? 'GET', url.pathname, query, body);
        } else if (f) out = { errcode: f.errcode, errmsg: ERRMSG[f.errcode] ?? 'fault' };
        else out = this.sim.handle(req.method ?? 'GET', url.pathname, query, body);
        this.log.push({ path: url.pathname, errcode: Number(out.errcode ?? 0) });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(out));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
