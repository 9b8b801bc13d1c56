import { describe, expect, it } from 'vitest';
import { renderScriptText } from '../../src/modules/calls/scripts.service';

describe('call-script variables', () => {
  const vars = { 客户称呼: 'javascript:alert(1)', 学生姓名: '<b>"小明"</b>' };

  it('fills text between tags only, escaped: a variable in an href stays as written', () => {
    const html =
      '<p>{客户称呼}您好 <a href="{客户称呼}" title="{学生姓名}" target="_blank">{学生姓名}</a></p>';
    const out = renderScriptText(html, vars, true);
    expect(out).toBe(
      '<p>javascript:alert(1)您好 <a href="{客户称呼}" title="{学生姓名}" target="_blank">&lt;b&gt;&quot;小明&quot;&lt;/b&gt;</a></p>',
    );
    expect(out).not.toMatch(/href="javascript:/);
  });

  it('leaves unknown variables and plain text (Q&A) as they are', () => {
    expect(renderScriptText('{未知} {学生姓名}', vars, false)).toBe('{未知} <b>"小明"</b>');
    expect(renderScriptText('<p>{未知}</p>', vars, true)).toBe('<p>{未知}</p>');
  });
});
