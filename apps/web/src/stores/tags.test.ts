import { describe, expect, test } from 'vitest';
import {
  addView,
  delAll,
  delOthers,
  delView,
  dropCache,
  type TagsState,
  type TagView,
  targetAfterClose,
  targetAfterCloseAll,
  withAffix,
} from './tags';

const dashboard: TagView = { path: '/dashboard', fullPath: '/dashboard', title: 'dashboard', affix: true };
const view = (path: string, extra: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  title: path,
  ...extra,
});
const empty: TagsState = { visited: [], cached: [] };

const open = (...views: TagView[]) => views.reduce(addView, withAffix(empty, [dashboard]));

describe('tags view rules', () => {
  test('a tab per path; a query-only change updates it; noCache pages are not kept alive', () => {
    let s = open(view('/a'), view('/b', { noCache: true }));
    s = addView(s, view('/a', { fullPath: '/a?page=2' }));
    expect(s.visited.map((v) => v.fullPath)).toEqual(['/dashboard', '/a?page=2', '/b']);
    expect(s.cached).toEqual(['/a']);
  });

  test('affix tabs come first and keep the order of the table', () => {
    const s = withAffix({ visited: [view('/x'), view('/dashboard')], cached: [] }, [dashboard]);
    expect(s.visited.map((v) => v.path)).toEqual(['/dashboard', '/x']);
    expect(s.visited[0]?.affix).toBe(true);
  });

  test('Close removes one tab but never an affix tab', () => {
    const s = open(view('/a'), view('/b'));
    expect(delView(s, '/a').visited.map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(delView(s, '/a').cached).toEqual(['/b']);
    expect(delView(s, '/dashboard').visited).toHaveLength(3);
  });

  test('Close Others keeps affix tabs and the chosen one', () => {
    const s = delOthers(open(view('/a'), view('/b'), view('/c')), '/b');
    expect(s.visited.map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(s.cached).toEqual(['/b']);
  });

  test('Close All keeps affix tabs only and drops every kept-alive page', () => {
    const s = delAll(open(view('/a'), view('/b')));
    expect(s.visited.map((v) => v.path)).toEqual(['/dashboard']);
    expect(s.cached).toEqual([]);
  });

  test('Refresh forgets the kept-alive page but keeps its tab', () => {
    const s = dropCache(open(view('/a')), '/a');
    expect(s.visited.map((v) => v.path)).toEqual(['/dashboard', '/a']);
    expect(s.cached).toEqual([]);
  });

  test('closing the active tab goes to the last remaining tab, else home (dashboard via /redirect)', () => {
    expect(targetAfterClose([dashboard, view('/b', { fullPath: '/b?q=1' })], view('/a'), '/dashboard')).toBe(
      '/b?q=1',
    );
    expect(targetAfterClose([], view('/a'), '/dashboard')).toBe('/');
    expect(targetAfterClose([], { ...dashboard, fullPath: '/dashboard?x=1' }, '/dashboard')).toBe(
      '/redirect/dashboard?x=1',
    );
  });

  test('Close All on a non-affix page leaves you on the last affix tab (the template left you on an untagged page)', () => {
    const other: TagView = { path: '/pinned', fullPath: '/pinned', title: 'p', affix: true };
    expect(targetAfterCloseAll([dashboard, other], '/a', '/dashboard')).toBe('/pinned');
    expect(targetAfterCloseAll([dashboard], '/dashboard', '/dashboard')).toBeNull();
    expect(targetAfterCloseAll([], '/a', '/dashboard')).toBe('/dashboard');
  });
});
