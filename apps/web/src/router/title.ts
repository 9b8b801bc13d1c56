import { PRODUCT_TITLE } from '@educrm/contract/constants';

/**
 * Page title (spec section 2): the translated route title, " - ", the product title; the product
 * title alone when the route has no title or its title has no translation.
 */
export const pageTitle = (
  title: string | undefined,
  translate: (key: string) => string,
  exists: (key: string) => boolean,
): string => {
  if (!title) return PRODUCT_TITLE;
  const key = `route.${title}`;
  return exists(key) ? `${translate(key)} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
};

/** A route title for menus, tabs and breadcrumbs: translated when a translation exists, else as is. */
export const routeTitle = (
  title: string | undefined,
  translate: (key: string) => string,
  exists: (key: string) => boolean,
): string => {
  if (!title) return '';
  const key = `route.${title}`;
  return exists(key) ? translate(key) : title;
};
