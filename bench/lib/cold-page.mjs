import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { login } from './server.mjs';

const cookie = (name, value) => ({ name, value: String(value), domain: '127.0.0.1', path: '/' });

/**
 * A cold signed-in browser for the trace and profile tools (web-trace.mjs, web-profile.mjs): a new
 * Chromium profile with the cache off, the admin's session cookies, and `window.__visibleAt` set
 * (performance.now()) on the first frame where `selector` has a box. `close()` removes the profile.
 */
export const openColdPage = async (server, password, selector, label) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `educrm-${label}-chromium-`));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  });
  const close = async () => {
    await context.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const t = await login(server.baseURL, password);
    await context.addCookies([
      cookie('Admin-Token', t.access_token),
      cookie('Admin-Token-Expire', t.access_expire),
      cookie('Admin-Token-Refresh', t.refresh_after),
    ]);
    await context.addInitScript((sel) => {
      const check = () => {
        const box = document.querySelector(sel)?.getBoundingClientRect();
        if (box && box.width > 0 && box.height > 0) window.__visibleAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, selector);
    return { context, page, cdp, close };
  } catch (e) {
    await close();
    throw e;
  }
};
