import { describe, expect, test } from 'vitest';
import { changedValues } from './clientForm';

describe('changedValues', () => {
  const initial = {
    name: '张三',
    wechatId: 'wx',
    gradeId: 3,
    level: 'A',
    subjects: ['MATH', 'ENGLISH'],
    tagIds: [1, 2],
    doNotCall: false,
    remark: '',
  };

  test('sends only what changed; arrays compare as sets', () => {
    expect(
      changedValues(initial, { ...initial, subjects: ['ENGLISH', 'MATH'], tagIds: [2, 1], name: '张三丰' }),
    ).toEqual({ name: '张三丰' });
    expect(changedValues(initial, { ...initial, doNotCall: true, tagIds: [1] })).toEqual({
      doNotCall: true,
      tagIds: [1],
    });
  });

  test('fields the form left out because they were emptied are sent empty', () => {
    const { name: _n, gradeId: _g, level: _l, remark: _r, ...rest } = initial;
    expect(changedValues(initial, rest)).toEqual({ name: '', gradeId: null, level: null });
  });

  test('nothing changed: nothing to send', () => {
    expect(changedValues(initial, { ...initial })).toEqual({});
  });
});
