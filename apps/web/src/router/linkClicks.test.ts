import { describe, expect, it } from 'vitest';
import { inAppTarget, type LinkClick } from './linkClicks';

const ORIGIN = 'http://127.0.0.1:3000';
const click = (over: Partial<LinkClick> = {}, anchor: Partial<NonNullable<LinkClick['anchor']>> = {}) =>
  ({
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    defaultPrevented: false,
    anchor: { href: `${ORIGIN}/client/list?status=1#top`, target: '', download: false, ...anchor },
    ...over,
  }) satisfies LinkClick;

describe('inAppTarget', () => {
  it('navigates in the app on a plain primary click, keeping the query and hash', () => {
    expect(inAppTarget(click(), ORIGIN)).toBe('/client/list?status=1#top');
    expect(inAppTarget(click({}, { href: '/order/list', target: '_self' }), ORIGIN)).toBe('/order/list');
  });

  it('leaves modified, non-primary and already handled clicks to the browser', () => {
    for (const over of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
      { anchor: null },
    ])
      expect(inAppTarget(click(over), ORIGIN)).toBeNull();
  });

  it('leaves new-tab, download and other-origin links to the browser', () => {
    expect(inAppTarget(click({}, { target: '_blank' }), ORIGIN)).toBeNull();
    expect(inAppTarget(click({}, { download: true }), ORIGIN)).toBeNull();
    expect(inAppTarget(click({}, { href: 'https://example.com/client/list' }), ORIGIN)).toBeNull();
  });
});
