import { afterEach, describe, expect, it } from 'vitest';
import { renderAntdStyles } from '../../vite-plugins/antd-styles';

describe("antd's component styles made at build time", () => {
  const env = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = env;
  });

  it('are the production styles with the cache map @ant-design/cssinjs reads instead of computing them', async () => {
    process.env.NODE_ENV = 'production';
    const css = await renderAntdStyles();
    // Production class names (the browser's bundle is a production build).
    expect(css).toContain(':where(.css-');
    expect(css).not.toContain('css-dev-only');
    // The cache map: hash id | component | prefix | icon prefix -> style id, for what the file has.
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)";\}/.exec(css)?.[1] ?? '';
    const paths = map.split(';').map((entry) => entry.split(':')[0] ?? '');
    expect(paths).toEqual(
      expect.arrayContaining([expect.stringMatching(/^css-[a-z0-9]+\|Button-Button\|ant-btn\|anticon$/)]),
    );
    expect(paths.some((p) => p.includes('|Table-Table|ant-table|'))).toBe(true);
    expect(paths.some((p) => p.includes('|Menu-Menu|ant-menu|'))).toBe(true);
    // Rules only: the theme's CSS variables (colour, compact size) stay at run time.
    expect(css).toContain('var(--ant-color-primary)');
    expect(css).not.toMatch(/--ant-color-primary:/);
  });

  it('refuses a development build (its class names would not match the browser bundle)', async () => {
    process.env.NODE_ENV = 'development';
    await expect(renderAntdStyles()).rejects.toThrow(/production/);
  });
});
