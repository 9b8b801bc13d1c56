import { THEME_PRESETS } from '@educrm/contract/constants';
import { describe, expect, test } from 'vitest';
import { contrast, readablePrimary, readablePrimaryStates } from './color';

describe('readablePrimary', () => {
  test('keeps a colour that already carries white text', () => {
    expect(readablePrimary('#304156')).toBe('#304156');
    expect(readablePrimary('#6959cd')).toBe('#6959cd');
  });

  test('darkens the default #1890ff just enough for 4.5:1, keeping its hue', () => {
    expect(contrast('#1890ff', '#ffffff')).toBeLessThan(4.5);
    const readable = readablePrimary('#1890ff');
    expect(contrast(readable, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(readable, '#ffffff')).toBeLessThan(4.8);
    expect(readable).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(readable.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(g ?? 0);
    expect(g).toBeGreaterThan(r ?? 0);
  });

  test('every preset becomes readable', () => {
    for (const preset of THEME_PRESETS) {
      expect(contrast(readablePrimary(preset), '#ffffff'), preset).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('leaves values it cannot read alone', () => {
    expect(readablePrimary('blue')).toBe('blue');
  });
});

describe('readablePrimaryStates', () => {
  test('hover and press stay readable and differ from the colour and from each other', () => {
    for (const preset of [...THEME_PRESETS, '#1890ff', '#304156']) {
      const { base, hover, active } = readablePrimaryStates(preset);
      for (const c of [hover, active])
        expect(contrast(c, '#ffffff'), `${preset} ${c}`).toBeGreaterThanOrEqual(4.5);
      expect(new Set([base, hover, active]).size, preset).toBe(3);
    }
  });
});
