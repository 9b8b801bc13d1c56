import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { Button, Tag } from 'antd';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cachePathsOf, extractStyles, stampOf } from './styles';

const none = { layout: new Set<string>(), pages: new Set<string>() };

describe("the antd rules a server render puts in the page's head", () => {
  it('are those of this render only, without the cache map the browser reads from the prebuilt files', () => {
    const cache = createCache();
    renderToString(
      <StyleProvider cache={cache}>
        <Button>a</Button>
      </StyleProvider>,
    );
    const since = stampOf(cache);
    renderToString(
      <StyleProvider cache={cache}>
        <Tag>b</Tag>
      </StyleProvider>,
    );
    const css = extractStyles(cache, since, none, true);
    expect(css).toContain('.ant-tag');
    expect(css).not.toContain('.ant-btn{');
    expect(css).not.toContain('data-ant-cssinjs-cache-path');
    // The same render again gives the same rules (the cache lives on, nothing is "used up").
    const again = stampOf(cache);
    renderToString(
      <StyleProvider cache={cache}>
        <Tag>b</Tag>
      </StyleProvider>,
    );
    expect(extractStyles(cache, again, none, true)).toBe(css);
  });

  it("leave out what the page's prebuilt stylesheets have, by their cache map", () => {
    const cache = createCache();
    renderToString(
      <StyleProvider cache={cache}>
        <Tag>b</Tag>
      </StyleProvider>,
    );
    const paths = [...cache.cache.keys()]
      .filter((k) => k.startsWith('style%'))
      .map((k) => `${k.slice('style%'.length).replace(/%/g, '|')}:abc`);
    expect(paths.length).toBeGreaterThan(0);
    const prebuilt = cachePathsOf(`.x{}.data-ant-cssinjs-cache-path{content:"${paths.join(';')}";}`);
    // Component rules are scoped `:where(.css-<hash>)`; the theme's variables stay.
    const linked = extractStyles(cache, -1, { layout: new Set(), pages: prebuilt }, true);
    expect(linked).not.toContain(':where(');
    expect(linked).toContain('--ant-color-primary');
    // The dashboard links only the layout's file, which does not have them.
    expect(extractStyles(cache, -1, { layout: new Set(), pages: prebuilt }, false)).toContain(':where(');
  });
});
