import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser';
import { cookieValue, message, open, resetBrowser, signIn } from './shell-support';
import { chooseMenuItem } from './system-support';

const baseURL = inject('baseURL');
let browser: BrowserSession;

beforeAll(async () => {
  browser = await openBrowser({ locale: 'zh-CN', viewport: { width: 1280, height: 800 }, motion: true });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await browser.page.setViewportSize({ width: 1280, height: 800 });
  await resetBrowser(browser.context, browser.page, baseURL);
  await signIn(browser.context, baseURL);
});

const wrapperClass = () => browser.page.locator('.app-wrapper').getAttribute('class');

test('width 991 is mobile (sidebar closed without animation, backdrop closes it), 993 is desktop', async () => {
  const { page, context } = browser;
  await page.setViewportSize({ width: 993, height: 700 });
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  expect(await wrapperClass()).toContain('openSidebar');
  expect(await wrapperClass()).not.toContain('mobile');
  expect(await page.locator('.sidebar-container').evaluate((el) => el.getBoundingClientRect().width)).toBe(
    210,
  );
  expect(await page.getByRole('button', { name: '搜索菜单' }).isVisible()).toBe(true);

  await page.setViewportSize({ width: 991, height: 700 });
  await expect.poll(wrapperClass).toContain('mobile');
  expect(await wrapperClass()).toContain('hideSidebar');
  expect(await wrapperClass()).toContain('withoutAnimation');
  // The automatic close is not the user's setting (issue 16): nothing is saved.
  expect(await cookieValue(context, 'sidebarStatus')).toBeUndefined();
  expect(await page.locator('.sidebar-container').isVisible()).toBe(false);
  // On mobile the navbar keeps only what fits: no search, error log, fullscreen, size or language.
  expect(await page.getByRole('button', { name: '搜索菜单' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /用户菜单/ }).isVisible()).toBe(true);

  await page.getByRole('button', { name: '展开或收起菜单' }).click();
  await expect.poll(wrapperClass).toContain('openSidebar');
  await page.locator('.sidebar-container').waitFor({ state: 'visible' });
  // The backdrop (a 30% black layer right of the drawer) closes it.
  await page.mouse.click(800, 400);
  await expect.poll(wrapperClass).toContain('hideSidebar');

  // It also closes after a route change.
  await page.getByRole('button', { name: '展开或收起菜单' }).click();
  await page.locator('.sidebar-container').getByRole('link', { name: '个人中心' }).click();
  await page.waitForSelector('[data-testid="profile-page"]');
  await expect.poll(wrapperClass).toContain('hideSidebar');

  // Neither did the drawer's opening and closing on the narrow window.
  expect(await cookieValue(context, 'sidebarStatus')).toBeUndefined();

  // Back to desktop: the sidebar is open again, as the user left it on a wide window.
  await page.setViewportSize({ width: 993, height: 700 });
  await expect.poll(wrapperClass).not.toContain('mobile');
  expect(await wrapperClass()).toContain('openSidebar');
  await page.locator('.sidebar-container').waitFor({ state: 'visible' });
  expect(await page.locator('.sidebar-container').evaluate((el) => el.getBoundingClientRect().width)).toBe(
    210,
  );

  // Collapsed by hand on a wide window, it stays collapsed through a narrow one and back.
  await page.getByRole('button', { name: '展开或收起菜单' }).click();
  await expect.poll(wrapperClass).toContain('hideSidebar');
  expect(await cookieValue(context, 'sidebarStatus')).toBe('0');
  await page.setViewportSize({ width: 991, height: 700 });
  await expect.poll(wrapperClass).toContain('mobile');
  await page.setViewportSize({ width: 1440, height: 800 });
  await expect.poll(wrapperClass).not.toContain('mobile');
  expect(await wrapperClass()).toContain('hideSidebar');
  await page.reload();
  await page.locator('.app-wrapper').waitFor();
  expect(await wrapperClass()).toContain('hideSidebar');
  // Opened by hand again: saved.
  await page.getByRole('button', { name: '展开或收起菜单' }).click();
  await expect.poll(wrapperClass).toContain('openSidebar');
  expect(await cookieValue(context, 'sidebarStatus')).toBe('1');
});

test('a page loaded on a narrow window opens with the sidebar on a wide one', async () => {
  const { page, context } = browser;
  await page.setViewportSize({ width: 991, height: 800 });
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  await expect.poll(wrapperClass).toContain('mobile');
  expect(await wrapperClass()).toContain('hideSidebar');
  expect(await cookieValue(context, 'sidebarStatus')).toBeUndefined();
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, baseURL, '/profile/index', 'profile-page');
  expect(await wrapperClass()).toContain('openSidebar');
  expect(await wrapperClass()).not.toContain('mobile');
});

test('language: cookie, message, antd locale, titles and the document title follow', async () => {
  const { page, context } = browser;
  await open(page, baseURL, '/profile/index', 'profile-page');
  expect(await page.title()).toBe('个人中心 - EduCRM 管理后台');
  // antd's own strings come from its locale (here the dialog's close button).
  const closeLabel = async () => {
    await page.getByRole('button', { name: /^(错误日志|Error log)/ }).click();
    const label = await page.locator('.ant-modal-close').filter({ visible: true }).getAttribute('aria-label');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal').filter({ visible: true }).waitFor({ state: 'detached' });
    return label;
  };
  expect(await closeLabel()).toBe('关闭');
  await page.getByRole('button', { name: /^语言/ }).click();
  await chooseMenuItem(page, 'English');
  await message(page, 'Switch Language Success').waitFor();
  expect(await cookieValue(context, 'language')).toBe('en');
  expect(await page.title()).toBe('Profile - EduCRM 管理后台');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await page.locator('.app-breadcrumb').textContent()).toMatch(/Dashboard\s*\/\s*Profile/);
  expect(await closeLabel()).toBe('Close');

  await page.getByRole('button', { name: /^Language/ }).click();
  await chooseMenuItem(page, '日本語');
  await message(page, '言語を切り替えました').waitFor();
  expect(await cookieValue(context, 'language')).toBe('ja');
  expect(await page.title()).toBe('プロフィール - EduCRM 管理后台');
  // Survives a reload through the cookie.
  await page.reload();
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(await page.locator('.sidebar-container').textContent()).toContain('ダッシュボード');
});

test('size: cookie, message, applied live to antd without remounting the page', async () => {
  const { page, context } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  expect(await cookieValue(context, 'size')).toBeUndefined();
  const input = page.getByLabel('筛选功能');
  await input.fill('typed before');
  const inputHeight = () =>
    input.evaluate((el) => (el.closest('.ant-input-affix-wrapper') ?? el).getBoundingClientRect().height);
  const medium = await inputHeight();

  const choose = async (label: string) => {
    await page.getByRole('button', { name: /^布局大小/ }).click();
    await chooseMenuItem(page, label, true);
  };
  await choose('默认');
  await message(page, '切换尺寸成功').waitFor();
  expect(await cookieValue(context, 'size')).toBe('default');
  await expect.poll(inputHeight).toBeGreaterThan(medium);
  await choose('迷你');
  expect(await cookieValue(context, 'size')).toBe('mini');
  await expect.poll(inputHeight).toBeLessThan(medium);
  expect(await input.inputValue()).toBe('typed before');

  await page.reload();
  await page.waitForSelector('[data-testid="dashboard-page"]');
  await expect.poll(inputHeight).toBeLessThan(medium);
});

test('header search in zh finds pages by pinyin and opens them', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  const search = async (query: string) => {
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const box = page.getByRole('combobox', { name: '搜索页面' });
    await box.waitFor();
    await box.fill(query);
    return page.locator('.ant-select-item-option');
  };
  const options = await search('gerenzhongxin');
  await expect.poll(() => options.first().textContent()).toBe('个人中心');
  await options.first().click();
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(new URL(page.url()).pathname).toBe('/profile/index');

  const home = await search('shouye');
  await expect.poll(() => home.first().textContent()).toBe('首页');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="dashboard-page"]');
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});

test('uncaught errors go to the error log: badge, Message and Stack columns, Clear All', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  const logButton = page.locator('.right-menu').getByRole('button', { name: /^错误日志/ });
  const logged = async () => {
    const label = (await logButton.getAttribute('aria-label')) ?? '';
    if (label === '错误日志') return label;
    // Something failed on its own: show what, rather than a bare count.
    await logButton.click();
    const text = await page.getByRole('dialog', { name: '错误日志' }).textContent();
    return `${label}: ${text}`;
  };
  expect(await logged()).toBe('错误日志');
  expect(await page.locator('.ant-badge-dot').count()).toBe(0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e uncaught boom');
    });
    void Promise.reject(new Error('e2e rejected boom'));
  });
  await page.locator('.ant-badge-dot').waitFor();
  await page.getByRole('button', { name: /错误日志（2 条）/ }).click();
  const dialog = page.getByRole('dialog', { name: '错误日志' });
  await dialog.waitFor();
  expect(await dialog.locator('th').allInnerTexts()).toEqual(['信息', '堆栈']);
  const text = await dialog.textContent();
  expect(text).toContain('e2e uncaught boom');
  expect(text).toContain('e2e rejected boom');
  expect(text).toContain(`${baseURL}/dashboard`);
  await dialog.getByRole('button', { name: '全部清除' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await logged()).toBe('错误日志');
  await expect.poll(() => page.locator('.ant-badge-dot').count()).toBe(0);
});

test('settings: tags view, fixed header, sidebar logo and theme persist across reloads', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  expect(await page.locator('.tags-view').count()).toBe(1);
  expect(await page.locator('.sidebar-logo').count()).toBe(0);
  await page.getByRole('button', { name: '打开设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统布局配置' });
  await drawer.waitFor();
  expect(await drawer.textContent()).toContain('菜单支持拼音搜索');
  await drawer.getByRole('switch', { name: '显示标签栏' }).click();
  await drawer.getByRole('switch', { name: '显示侧边栏标志' }).click();
  await drawer.getByRole('switch', { name: '固定顶栏' }).click();
  await drawer.getByRole('button', { name: '使用颜色 #11a983' }).click();
  expect(await page.locator('.tags-view').count()).toBe(0);
  expect(await page.locator('.sidebar-logo').textContent()).toBe('EduCRM');
  expect(await page.locator('.sidebar-logo img').getAttribute('src')).toBe('/logo.svg');

  await page.reload();
  await page.waitForSelector('[data-testid="dashboard-page"]');
  expect(await page.locator('.tags-view').count()).toBe(0);
  expect(await page.locator('.sidebar-logo').count()).toBe(1);
  expect(await page.locator('.app-header--fixed').count()).toBe(1);
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--app-theme').trim(),
    ),
  ).toBe('#11a983');
  expect(await page.locator('.settings-handle').evaluate((el) => getComputedStyle(el).color)).toBe(
    'rgb(17, 169, 131)',
  );
});

test('fullscreen toggles the document', async () => {
  const { page } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  await page.getByRole('button', { name: '全屏' }).click();
  await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
});

test('sidebar links and dashboard shortcuts navigate in the app (Ctrl-click left to the browser); collapsed, entries show tooltips', async () => {
  const { page, context } = browser;
  await open(page, baseURL, '/dashboard', 'dashboard-page');
  // A marker on the window survives in-app navigation only (a document load would drop it).
  await page.evaluate(() => {
    (window as unknown as { __stay: boolean }).__stay = true;
  });
  const stayed = () => page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay === true);

  const shortcut = page.locator('.dashboard-shortcut', { hasText: '个人中心' });
  expect(await shortcut.getAttribute('href')).toBe('/profile/index');
  await shortcut.click();
  await page.waitForSelector('[data-testid="profile-page"]');
  expect(new URL(page.url()).pathname).toBe('/profile/index');
  expect(await stayed()).toBe(true);

  await page.locator('.sidebar-container').getByRole('link', { name: '首页' }).click();
  await page.locator('[data-testid="dashboard-page"]').waitFor({ state: 'visible' });
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(await stayed()).toBe(true);
  // The current entry is highlighted (antd's Menu selection follows the route).
  await expect
    .poll(() => page.locator('.sidebar-container .ant-menu-item-selected').textContent())
    .toContain('首页');

  // Ctrl-click opens a new tab as a link does, and the console stays where it is.
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.locator('.dashboard-shortcut', { hasText: '个人中心' }).click({ modifiers: ['Control'] }),
  ]);
  await popup.waitForURL(/\/profile\/index$/);
  await popup.close();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect(await stayed()).toBe(true);

  // Collapsed to icons, an entry names itself in a tooltip on hover (expanded, it has none).
  expect(await page.locator('.ant-menu-inline-collapsed-tooltip').count()).toBe(0);
  await page.getByRole('button', { name: '展开或收起菜单' }).click();
  await expect.poll(wrapperClass).toContain('hideSidebar');
  await page.locator('.sidebar-container .ant-menu-item').first().hover();
  await expect
    .poll(() => page.locator('.ant-menu-inline-collapsed-tooltip:visible').textContent(), { timeout: 5_000 })
    .toContain('首页');
  await page.getByRole('button', { name: '展开或收起菜单' }).click();
  await expect.poll(wrapperClass).toContain('openSidebar');
});
