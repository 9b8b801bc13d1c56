import { describe, expect, it } from 'vitest';
import type { ClosureChunk } from './chunk-closure.ts';
import { hintedFiles } from './compile-hints.ts';

const chunk = (
  fileName: string,
  imports: string[],
  moduleIds: string[] = [],
  isEntry = false,
): ClosureChunk => ({
  fileName,
  imports,
  moduleIds,
  isEntry,
  css: [],
});

/** entry -> react-dom; layout group -> antd core, shared with the dashboard; a list page apart. */
const chunks = [
  chunk('assets/index.js', ['assets/react-dom.js'], ['/app/src/main.tsx'], true),
  chunk('assets/react-dom.js', []),
  chunk('assets/layout.js', ['assets/index.js', 'assets/antd-core.js'], ['/app/src/layout/Layout.tsx']),
  chunk('assets/antd-core.js', ['assets/react-dom.js']),
  chunk(
    'assets/home.js',
    ['assets/index.js', 'assets/antd-core.js', 'assets/cards.js'],
    ['/app/src/pages/dashboard/DashboardPage.tsx'],
  ),
  chunk('assets/cards.js', []),
  chunk(
    'assets/list.js',
    ['assets/antd-core.js', 'assets/table.js'],
    ['/app/src/pages/client/list/ClientListPage.tsx'],
  ),
  chunk('assets/table.js', []),
];

describe('hintedFiles', () => {
  it("marks the layout's and the dashboard's closures, not the entry's nor other pages'", () => {
    expect(hintedFiles(chunks).sort()).toEqual(
      ['assets/antd-core.js', 'assets/cards.js', 'assets/home.js', 'assets/layout.js'].sort(),
    );
  });

  it('fails the build when the dashboard cannot be found (a renamed page must not drop the hints silently)', () => {
    expect(() => hintedFiles(chunks.filter((c) => c.fileName !== 'assets/home.js'))).toThrow(/DashboardPage/);
  });
});
