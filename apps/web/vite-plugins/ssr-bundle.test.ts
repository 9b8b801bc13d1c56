import { describe, expect, it } from 'vitest';
import { pageAssets, pageSource } from './ssr-bundle.ts';
import { chunk } from './test-chunks.ts';

describe('the files the server links for a rendered page', () => {
  it("are each page module's own closure, less the entry's and the layout's files", () => {
    const chunks = [
      chunk('assets/index.js', ['assets/react.js'], { isEntry: true, moduleIds: ['/app/src/main.tsx'] }),
      chunk('assets/react.js', []),
      chunk('assets/layout.js', ['assets/react.js', 'assets/antd.js'], {
        moduleIds: ['/app/src/layout/Layout.tsx'],
        css: ['assets/layout.css'],
      }),
      chunk('assets/antd.js', ['assets/react.js']),
      chunk('assets/common.js', ['assets/antd.js'], { css: ['assets/common.css'] }),
      // Two pages in one group chunk, one on its own.
      chunk('assets/lists.js', ['assets/common.js'], {
        moduleIds: ['/app/src/pages/a/APage.tsx', '/app/src/pages/b/BPage.tsx', '/app/src/pages/b/util.ts'],
        css: ['assets/lists.css'],
      }),
      chunk('assets/dashboard.js', ['assets/antd.js'], {
        moduleIds: ['/app/src/pages/dashboard/DashboardPage.tsx'],
        css: ['assets/dashboard.css'],
      }),
    ];
    const lists = {
      js: ['assets/lists.js', 'assets/common.js'],
      css: ['assets/lists.css', 'assets/common.css'],
    };
    expect(pageAssets(chunks, '/app')).toEqual({
      'src/pages/a/APage.tsx': lists,
      'src/pages/b/BPage.tsx': lists,
      'src/pages/dashboard/DashboardPage.tsx': { js: ['assets/dashboard.js'], css: ['assets/dashboard.css'] },
    });
  });

  it('know the page from the source path every page module exports in the server build', () => {
    const plugin = pageSource('/app');
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform('export default 1;', '/app/src/pages/a/APage.tsx?x')?.code).toContain(
      'export const __ssrSource = "src/pages/a/APage.tsx";',
    );
    expect(transform('export default 1;', '/app/src/pages/a/util.ts')).toBeNull();
    expect(transform('export default 1;', '/app/src/layout/Layout.tsx')).toBeNull();
  });
});
