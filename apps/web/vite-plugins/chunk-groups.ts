import type { CodeSplittingGroup } from 'rolldown';

/**
 * Chunk groups (rolldown `output.codeSplitting.groups`, Vite 8's successor of manualChunks).
 *
 * Everything the entry script imports statically (React, the router, i18next, axios, the route
 * table, the session code: rolldown's `$initial` tag) goes into ONE file instead of ~25 small ones:
 * served over HTTP/1.1 (six connections per host) a first load is otherwise a queue, and every
 * response carries ~1 kB of security headers. Pages, the layout and the language files stay lazy
 * chunks that rolldown splits by who uses them; main.tsx has no top-level await, so rolldown's
 * common-chunk merging stays on (it is switched off for a graph with top-level await).
 *
 * Measured (vite manifest, static closure per route, gzip-9): /login 29 files -> 7, /dashboard
 * 72 -> 36, /client/list 119 -> 83, and smaller in total (one file compresses better than many).
 * Also tried: grouping the layout's static closure (rolldown's importedIds go through antd's
 * barrel index, so it captured every antd component: /login 580 kB), `entriesAware` merging
 * (/dashboard 644 kB) and `experimentalInlineCommonChunks` (/dashboard 16-21 files but +33 kB
 * from duplicated modules and strict-execution-order wrappers).
 */
export const chunkGroups = (): CodeSplittingGroup[] => [{ name: 'entry', tags: ['$initial'], priority: 100 }];
