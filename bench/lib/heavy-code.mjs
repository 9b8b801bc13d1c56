// Heuristics that tell whether a JS chunk carries chart, table, editor, pinyin or spreadsheet code.
// Minified bundles keep string literals and property names but not package or file names, so each
// marker is a literal the library itself uses at run time. Checked against esbuild-minified probe
// bundles of antd 6 (Table vs. Button/Form/Input/Select/locales), pinyin-pro 3 and exceljs 4;
// the echarts and editor markers come from those libraries' sources (neither is installed yet).

/** Chunk file names ("assets/Table-abc.js" in Vite's preload map) are removed before matching. */
const ASSET_PATHS = /assets\/[\w.~-]+\.(?:js|mjs|css)/g;

/** Pinyin vowels with a macron or caron (the ones Spanish, Japanese and English text never use). */
const PINYIN_TONE =
  /[āēīōūǖǎěǐǒǔǚ]|\\u(?:0101|0113|012[bB]|014[dD]|016[bB]|01[dD]6|01[cC][eE]|011[bB]|01[dD]0|01[dD]2|01[dD]4|01[dD]8)/g;
const PINYIN_TONE_MIN = 300;

export const HEAVY_CODE = [
  {
    kind: 'pinyin',
    what: 'pinyin-pro',
    markers: ['ReverseMaxMatch', 'MaxProbability', 'MinTokenization', 'pinyin-pro'],
    extra: (text) => {
      const count = text.match(PINYIN_TONE)?.length ?? 0;
      return count >= PINYIN_TONE_MIN ? `${count} pinyin tone vowels` : null;
    },
  },
  { kind: 'chart', what: 'echarts', markers: ['_echarts_instance_', '__ec_inner_'] },
  {
    kind: 'table',
    what: 'antd Table / @rc-component/table',
    markers: ['expandedRowRender', 'rc-table', 'ant-table'],
  },
  {
    kind: 'editor',
    what: 'rich-text or code editor',
    markers: [
      'ProseMirror',
      'ql-editor',
      'tox-tinymce',
      'monaco-editor',
      'CodeMirror',
      'w-e-text',
      'toastui-editor',
    ],
  },
  { kind: 'spreadsheet', what: 'exceljs / xlsx', markers: ['xl/workbook.xml', 'xl/worksheets/'] },
];

/** The heavy-code kinds found in one chunk's text: [{ kind, what, evidence }]. */
export const findHeavyCode = (source) => {
  const text = source.replace(ASSET_PATHS, '');
  const found = [];
  for (const rule of HEAVY_CODE) {
    const hits = rule.markers.filter((m) => text.includes(m));
    const extra = rule.extra?.(text);
    if (hits.length || extra) {
      found.push({ kind: rule.kind, what: rule.what, evidence: [...hits, ...(extra ? [extra] : [])] });
    }
  }
  return found;
};
