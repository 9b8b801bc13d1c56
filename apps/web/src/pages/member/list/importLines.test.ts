import { describe, expect, it } from 'vitest';
import { parseMemberLines } from './importLines';

describe('parseMemberLines', () => {
  it('reads a mobile a line with an optional nickname after a comma, full-width comma or tab', () => {
    expect(parseMemberLines('13800138000\n\n 13900139000，小明妈妈 \r\n13700137000\t乐乐,爸爸\n')).toEqual([
      { mobile: '13800138000', nickname: '' },
      { mobile: '13900139000', nickname: '小明妈妈' },
      { mobile: '13700137000', nickname: '乐乐,爸爸' },
    ]);
  });
  it('keeps whatever the first field is: the server answers bad mobiles per row', () => {
    expect(parseMemberLines('abc,x')).toEqual([{ mobile: 'abc', nickname: 'x' }]);
    expect(parseMemberLines('  \n ')).toEqual([]);
  });
});
