import type { TimelineItem } from '@educrm/contract/clients';

/**
 * The client timeline as the drawer shows it: pages of `/clients/:id/timeline` (newest first)
 * merged into one list, grouped by Asia/Shanghai day. Pure functions.
 *
 * Paging asks for items before the oldest one seen plus 1 ms: the server compares whole instants
 * and sends milliseconds, so items sharing (or, with microsecond precision, lying within) the
 * oldest item's millisecond would otherwise fall between two pages. The overlap is removed by
 * key; a page that brings nothing new ends the paging.
 */

export const TIMELINE_PAGE_SIZE = 50;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

export const timelineKey = (item: Pick<TimelineItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** Newest first; at the same instant by kind, then the larger id first (as the server orders). */
const compare = (a: TimelineItem, b: TimelineItem) => {
  const at = Date.parse(b.at) - Date.parse(a.at);
  if (at !== 0) return at;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return b.id - a.id;
};

/** The pages as one list without repeats, newest first. */
export const mergeTimeline = (pages: readonly (readonly TimelineItem[])[]): TimelineItem[] => {
  const byKey = new Map<string, TimelineItem>();
  for (const page of pages) for (const item of page) byKey.set(timelineKey(item), item);
  return [...byKey.values()].sort(compare);
};

/**
 * The `before` of the next page, or undefined when there is none: the last page was short, or it
 * brought no item the earlier pages did not have.
 */
export const nextTimelineBefore = (
  pages: readonly (readonly TimelineItem[])[],
  limit = TIMELINE_PAGE_SIZE,
): string | undefined => {
  const last = pages[pages.length - 1];
  if (!last || last.length < limit) return undefined;
  const seen = new Set(pages.slice(0, -1).flatMap((p) => p.map(timelineKey)));
  if (last.every((item) => seen.has(timelineKey(item)))) return undefined;
  const oldest = Math.min(...last.map((item) => Date.parse(item.at)));
  return new Date(oldest + 1).toISOString();
};

/** The Asia/Shanghai calendar day of an ISO instant, 'YYYY-MM-DD'. */
export const shanghaiDay = (iso: string) =>
  new Date(Date.parse(iso) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

export interface TimelineDay<T> {
  day: string;
  items: T[];
}

/**
 * Consecutive items of one calendar day together (the input is already newest first). The day is
 * the Asia/Shanghai one unless `dayOf` says otherwise (the drawer uses the day its times show in).
 */
export const groupByDay = <T extends { at: string }>(
  items: readonly T[],
  dayOf: (iso: string) => string = shanghaiDay,
): TimelineDay<T>[] => {
  const days: TimelineDay<T>[] = [];
  for (const item of items) {
    const day = dayOf(item.at);
    const current = days[days.length - 1];
    if (current && current.day === day) current.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
};
