import type { ClosureChunk } from './chunk-closure.ts';

/** A chunk of a build's output as the closure helpers read it (tests of the build plugins). */
export const chunk = (
  fileName: string,
  imports: string[],
  extra: { moduleIds?: string[]; isEntry?: boolean; css?: string[] } = {},
): ClosureChunk => ({
  fileName,
  imports,
  moduleIds: extra.moduleIds ?? [],
  isEntry: extra.isEntry ?? false,
  css: extra.css ?? [],
});
