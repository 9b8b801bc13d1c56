import { useId, useLayoutEffect, useMemo, useRef } from 'react';

/** What an overlay's Escape handler is told: whether it is the top layer, and the key event. */
export type EscInfo = { top: boolean; event: KeyboardEvent };
type Layer = { id: string; order: number; onEsc: (info: EscInfo) => void };

/** After an input method's composition ends, its confirming Escape must not close anything. */
const IME_LOCK_MS = 200;

/**
 * The open overlays (modals, drawers, popups) that Escape closes, the last opened on top. Only
 * the top one acts; the others are told they are not on top.
 */
export class EscLayers {
  private layers: Layer[] = [];
  private lastCompositionEnd = Number.NEGATIVE_INFINITY;

  /** Adds a layer in its opening order (a parent before a child that opened in the same commit). */
  add(layer: Layer) {
    this.remove(layer.id);
    const at = this.layers.findIndex((l) => l.order > layer.order);
    if (at < 0) this.layers.push(layer);
    else this.layers.splice(at, 0, layer);
  }

  remove(id: string) {
    this.layers = this.layers.filter((l) => l.id !== id);
  }

  get ids(): string[] {
    return this.layers.map((l) => l.id);
  }

  compositionEnded(now = Date.now()) {
    this.lastCompositionEnd = now;
  }

  keyDown(event: KeyboardEvent, now = Date.now()) {
    if (event.key !== 'Escape' || event.isComposing) return;
    if (now - this.lastCompositionEnd < IME_LOCK_MS) return;
    const layers = [...this.layers];
    for (let i = layers.length - 1; i >= 0; i -= 1) layers[i]?.onEsc({ top: i === layers.length - 1, event });
  }
}

export const escLayers = new EscLayers();
let opened = 0;

const onKeyDown = (event: KeyboardEvent) => escLayers.keyDown(event);
const onCompositionEnd = () => escLayers.compositionEnded();

/**
 * The Escape handling of @rc-component/portal (antd's Modal, Drawer and popups), put in place of
 * its own useEscKeyDown by vite-plugins/esc-layers.ts. The library adds an overlay to its stack
 * while rendering (in useMemo), so a render React throws away (a concurrent render restarted, a
 * child that suspended) leaves a layer that never leaves, on top: Escape then stopped closing the
 * client drawer after the call panel had opened. Here an overlay joins when it commits and leaves
 * when it closes or unmounts; its place is the order in which the overlays began to open.
 */
export default function useEscKeyDown(open: boolean, onEsc?: (info: EscInfo) => void) {
  const id = useId();
  // Counting during render is harmless if the render is thrown away (a number is skipped).
  const order = useMemo(() => (open ? ++opened : 0), [open]);
  const handler = useRef(onEsc);
  useLayoutEffect(() => {
    handler.current = onEsc;
  });
  useLayoutEffect(() => {
    if (!open) return;
    escLayers.add({ id, order, onEsc: (info) => handler.current?.(info) });
    // Adding the same listener again is a no-op.
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('compositionend', onCompositionEnd);
    return () => {
      escLayers.remove(id);
      if (escLayers.ids.length === 0) {
        window.removeEventListener('keydown', onKeyDown);
        window.removeEventListener('compositionend', onCompositionEnd);
      }
    };
  }, [open, id, order]);
}
