import type { TodoItem } from '@educrm/contract/workbench';

/** The list page a to-do item opens: its route path with the item's filter as the URL query. */
export const todoHref = (link: TodoItem['link']): string => {
  const query = new URLSearchParams(link.query).toString();
  return query ? `${link.path}?${query}` : link.path;
};
