import { type SQL, sql } from 'drizzle-orm';
import { client } from '../../db/schema';
import { likeContains } from '../../lib/list';
import { sqlArray } from './common';

/**
 * The grams a name query is matched with, by the rules of cjk_grams() (migration 0003): lower case,
 * white space dropped; 1 or 2 characters are one gram (exact: the name contains q iff q is one of
 * its grams), longer queries are their distinct bigrams (then rechecked with strpos).
 */
export const queryGrams = (q: string): { chars: string; grams: string[] } => {
  const chars = Array.from(q.toLowerCase()).filter((c) => !/\s/.test(c));
  const joined = chars.join('');
  if (chars.length <= 2) return { chars: joined, grams: joined ? [joined] : [] };
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) {
    const g = `${chars[i]}${chars[i + 1]}`;
    if (!grams.includes(g)) grams.push(g);
  }
  return { chars: joined, grams };
};

/** Name or student name contains q (served by the GIN index on search_grams). */
export const nameContains = (q: string): SQL | undefined => {
  const { chars, grams } = queryGrams(q);
  if (!grams.length) return undefined;
  const has = sql`${client.searchGrams} @> ${sqlArray(grams, 'text')}`;
  if (Array.from(chars).length <= 2) return has;
  return sql`(${has} AND (strpos(lower(${client.name}), ${chars}) > 0 OR strpos(lower(${client.studentName}), ${chars}) > 0))`;
};

const wechatIs = (q: string): SQL =>
  sql`(${client.wechatId} <> '' AND lower(${client.wechatId}) = ${q.toLowerCase()})`;

/**
 * The list keyword (DOMAIN 3.4: name / mobile / WeChat / student): digits search the mobile (11
 * digits exactly, 4 digits as the last four, 3-10 digits as a substring through the trigram index);
 * anything else searches name and student name, or an exact WeChat id.
 */
export const keywordCondition = (raw: string): SQL | undefined => {
  const q = raw.trim();
  if (!q) return undefined;
  const digits = q.replace(/[\s-]/g, '').replace(/^(\+86|0086)/, '');
  // Digits only: a mobile (a WeChat id always starts with a letter).
  if (/^\d{3,11}$/.test(digits)) {
    if (digits.length === 11) return sql`${client.mobile} = ${digits}`;
    if (digits.length === 4) return sql`right(${client.mobile}, 4) = ${digits}`;
    return sql`${client.mobile} LIKE ${likeContains(digits)}`;
  }
  const name = nameContains(q);
  return name ? sql`(${name} OR ${wechatIs(q)})` : wechatIs(q);
};
