import { afterEach, describe, expect, it } from 'vitest';
import { renderAntdStyles } from '../../vite-plugins/antd-styles';

/** The cache map's paths: hash id | component | prefix | icon prefix. */
const pathsOf = (css: string) =>
  (/\.data-ant-cssinjs-cache-path\{content:"([^"]+)";\}/.exec(css)?.[1] ?? '')
    .split(';')
    .map((entry) => entry.split(':')[0] ?? '');

describe("antd's component styles made at build time", () => {
  const env = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = env;
  });

  it('are production styles with the cache map @ant-design/cssinjs reads instead of computing them', async () => {
    process.env.NODE_ENV = 'production';
    const { layout, pages } = await renderAntdStyles();
    for (const css of [layout, pages]) {
      // Production class names (the browser's bundle is a production build).
      expect(css).toContain(':where(.css-');
      expect(css).not.toContain('css-dev-only');
      // Rules only: the theme's CSS variables (colour, compact size) stay at run time.
      expect(css).toContain('var(--ant-');
      expect(css).not.toMatch(/--ant-color-primary:/);
    }
    const layoutPaths = pathsOf(layout);
    expect(layoutPaths).toEqual(
      expect.arrayContaining([expect.stringMatching(/^css-[a-z0-9]+\|Button-Button\|ant-btn\|anticon$/)]),
    );
    expect(layoutPaths.some((p) => p.includes('|Menu-Menu|ant-menu|'))).toBe(true);
    expect(layoutPaths.some((p) => p.includes('|Table-Table|'))).toBe(false);
    // The pages' file has only its own rules, but its map names both files (it is read last).
    expect(pages).toContain('.ant-table');
    expect(pages).not.toContain('.ant-menu-item');
    const pagesPaths = pathsOf(pages);
    expect(pagesPaths.some((p) => p.includes('|Table-Table|ant-table|'))).toBe(true);
    expect(pagesPaths).toEqual(expect.arrayContaining(layoutPaths));
  });

  it('refuses a development build (its class names would not match the browser bundle)', async () => {
    process.env.NODE_ENV = 'development';
    await expect(renderAntdStyles()).rejects.toThrow(/production/);
  });
});
