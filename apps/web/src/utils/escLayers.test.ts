import libraryUseEscKeyDown, { _test as libraryStack } from '@rc-component/portal/es/useEscKeyDown';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import useEscKeyDown, { EscLayers, escLayers } from './escLayers';

const escKey = (extra: Partial<KeyboardEvent> = {}) =>
  ({ key: 'Escape', isComposing: false, ...extra }) as KeyboardEvent;

/** An overlay that is open from its first render, with our hook or the library's. */
const OurOverlay = () => {
  useEscKeyDown(true, () => {});
  return null;
};
const LibraryOverlay = () => {
  libraryUseEscKeyDown(true, () => {});
  return null;
};

describe('the Escape layers of antd overlays', () => {
  it('tell only the last opened layer it is on top', () => {
    const layers = new EscLayers();
    const drawer = vi.fn();
    const modal = vi.fn();
    layers.add({ id: 'drawer', order: 1, onEsc: drawer });
    layers.add({ id: 'modal', order: 2, onEsc: modal });
    layers.keyDown(escKey());
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ top: true }));
    expect(drawer).toHaveBeenCalledWith(expect.objectContaining({ top: false }));
    layers.remove('modal');
    layers.keyDown(escKey());
    expect(drawer).toHaveBeenLastCalledWith(expect.objectContaining({ top: true }));
  });

  it('keep the opening order when a child commits before its parent', () => {
    const layers = new EscLayers();
    // Effects run child first: a drawer (order 3) and the popup it opened (order 4) join as 4, 3.
    layers.add({ id: 'popup', order: 4, onEsc: () => {} });
    layers.add({ id: 'drawer', order: 3, onEsc: () => {} });
    layers.add({ id: 'later', order: 5, onEsc: () => {} });
    expect(layers.ids).toEqual(['drawer', 'popup', 'later']);
  });

  it('ignore other keys, Escape while composing, and the Escape that ends a composition', () => {
    const layers = new EscLayers();
    const onEsc = vi.fn();
    layers.add({ id: 'modal', order: 1, onEsc });
    layers.keyDown(escKey({ key: 'Enter' }));
    layers.keyDown(escKey({ isComposing: true }));
    layers.compositionEnded(1_000);
    layers.keyDown(escKey(), 1_100);
    expect(onEsc).not.toHaveBeenCalled();
    layers.keyDown(escKey(), 1_300);
    expect(onEsc).toHaveBeenCalledTimes(1);
  });

  it('register an overlay only when it commits, so a render React throws away leaves nothing', () => {
    // A server render runs render functions and never commits: like a render React discards.
    renderToString(createElement(OurOverlay));
    expect(escLayers.ids).toEqual([]);
    // @rc-component/portal's own hook adds the layer while rendering and keeps it: the stale top
    // layer that stopped Escape from closing a drawer. When this fails, the library is fixed and
    // vite-plugins/esc-layers.ts can go.
    const before = libraryStack?.().stack.length ?? 0;
    renderToString(createElement(LibraryOverlay));
    expect(libraryStack?.().stack.length).toBe(before + 1);
  });
});
