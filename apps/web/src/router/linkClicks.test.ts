import { describe, expect, it } from 'vitest';
import { type ClickedAnchor, type ClickInfo, inAppTarget } from './linkClicks';

const ORIGIN = 'http://127.0.0.1:3000';
const PLAIN: ClickInfo = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};
const LINK: ClickedAnchor = { href: `${ORIGIN}/client/list?status=1#top`, target: '', download: false };
/** A click with some fields changed; `anchor: null` is a click beside every link. */
const click = (
  over: Partial<ClickInfo> & { anchor?: null } = {},
  anchor: Partial<ClickedAnchor> = {},
): string | null => {
  const { anchor: none, ...info } = over;
  return inAppTarget({ ...PLAIN, ...info }, none === null ? null : { ...LINK, ...anchor }, ORIGIN);
};

describe('inAppTarget', () => {
  it('navigates in the app on a plain primary click, keeping the query and hash', () => {
    expect(click()).toBe('/client/list?status=1#top');
    expect(click({}, { href: '/order/list', target: '_self' })).toBe('/order/list');
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
      expect(click(over)).toBeNull();
  });

  it('leaves new-tab, download and other-origin links to the browser', () => {
    expect(click({}, { target: '_blank' })).toBeNull();
    expect(click({}, { download: true })).toBeNull();
    expect(click({}, { href: 'https://example.com/client/list' })).toBeNull();
  });
});
