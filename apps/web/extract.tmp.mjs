import zlib from 'node:zlib';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import React from 'react';
import { renderToString } from 'react-dom/server';

const h = React.createElement;
const names = process.argv[2].split(',');
const t0 = performance.now();
const cache = createCache();
renderToString(
  h(
    StyleProvider,
    { cache },
    h(
      antd.ConfigProvider,
      {},
      names.map((n) => {
        const C = n.split('.').reduce((o, k) => o[k], antd);
        if (n === 'Dropdown') return h(C, { key: n, menu: { items: [] } }, h('div'));
        if (n === 'Menu') return h(C, { key: n, items: [] });
        return h(C, { key: n });
      }),
    ),
  ),
);
const css = extractStyle(cache, { plain: true, types: ['style'] });
console.log(
  'ms',
  Math.round(performance.now() - t0),
  'raw',
  css.length,
  'br',
  zlib.brotliCompressSync(css).length,
  'gz',
  zlib.gzipSync(css, { level: 9 }).length,
);
console.log(css.slice(-600));
