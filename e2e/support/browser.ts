import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { ROOT } from './server';

export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium with the flags this machine needs (closed network, root, no GPU). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

let shared: Promise<Browser> | undefined;

/** One Chromium per spec file, launched on first use (a launch costs 2 s on a loaded machine, a context 0.5 s). */
const browser = () => {
  shared ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return shared;
};

/** Closes the spec file's Chromium (`support/close-browser.ts`, after the file's tests). */
export const closeSharedBrowser = async () => {
  const launched = shared;
  shared = undefined;
  if (launched) await (await launched).close();
};

/**
 * A new browser context per call (its own cookies, storage and cache, so nothing leaks between
 * tests) in the file's shared Chromium. The browser asks for reduced motion unless a spec is about
 * motion (`motion: true`): the console then runs no transition or popup animation, as for a user
 * with that setting, and a spec waits for no animation to end (two business specs took 0.6-0.7x
 * their time). The shell's specs keep motion on, so both paths are tested.
 */
export const openBrowser = async (
  opts: { viewport?: { width: number; height: number }; locale?: string; motion?: boolean } = {},
): Promise<BrowserSession> => {
  const context = await (await browser()).newContext({
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    locale: opts.locale ?? 'zh-CN',
    reducedMotion: opts.motion ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
};

/** Saves a screenshot under e2e/artifacts (kept on failure for review). */
export const screenshot = async (page: Page, name: string) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
};
