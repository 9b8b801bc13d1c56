import type { IndexHtmlTransformContext } from 'vite';

export type ClosureChunk = {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  isEntry: boolean;
  css: string[];
};

/** The chunks of a build's output bundle, as far as the closures below need them. */
export const chunksOf = (bundle: NonNullable<IndexHtmlTransformContext['bundle']>): ClosureChunk[] =>
  Object.values(bundle).flatMap((f) =>
    f.type === 'chunk'
      ? [
          {
            fileName: f.fileName,
            imports: f.imports,
            moduleIds: f.moduleIds,
            isEntry: f.isEntry,
            css: [...(f.viteMetadata?.importedCss ?? [])],
          },
        ]
      : [],
  );

/**
 * A chunk and what it imports statically, minus the entry's own closure (index.html loads that
 * already): JS files in import order, then their stylesheets.
 */
export const ownClosure = (
  chunks: readonly ClosureChunk[],
  start: string,
): { js: string[]; css: string[] } => {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (from: string, into = new Set<string>()) => {
    const chunk = byName.get(from);
    if (!chunk || into.has(from)) return into;
    into.add(from);
    for (const imported of chunk.imports) closure(imported, into);
    return into;
  };
  const entry = chunks.find((c) => c.isEntry);
  const inEntry = entry ? closure(entry.fileName) : new Set<string>();
  const js = [...closure(start)].filter((f) => !inEntry.has(f));
  const css = [...new Set(js.flatMap((f) => byName.get(f)?.css ?? []))];
  return { js, css };
};
