import { describe, expect, it } from 'vitest';
import { layoutClosure } from './layout-preload.ts';
import { chunk } from './test-chunks.ts';

describe('the layout chunks index.html preloads', () => {
  it('are the layout chunk and its static imports, without the entry closure, with their stylesheets', () => {
    const chunks = [
      chunk('assets/index.js', ['assets/react.js'], { isEntry: true, moduleIds: ['/app/src/main.tsx'] }),
      chunk('assets/react.js', []),
      chunk('assets/layout.js', ['assets/react.js', 'assets/antd.js', 'assets/icons.js'], {
        moduleIds: ['/app/src/layout/Navbar.tsx', '/app/src/layout/Layout.tsx'],
        css: ['assets/layout.css'],
      }),
      chunk('assets/antd.js', ['assets/icons.js', 'assets/react.js'], { css: ['assets/antd.css'] }),
      chunk('assets/icons.js', ['assets/antd.js']),
      // Reached only with import() (a page, a dialog): not preloaded.
      chunk('assets/page.js', ['assets/antd.js'], { moduleIds: ['/app/src/pages/x/Page.tsx'] }),
    ];
    expect(layoutClosure(chunks)).toEqual({
      js: ['assets/layout.js', 'assets/antd.js', 'assets/icons.js'],
      css: ['assets/layout.css', 'assets/antd.css'],
    });
  });

  it('fails the build when the layout module is in no chunk (renamed or moved)', () => {
    expect(() => layoutClosure([chunk('assets/index.js', [], { isEntry: true })])).toThrow(/Layout\.tsx/);
  });
});
