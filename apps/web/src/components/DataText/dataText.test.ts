import { describe, expect, test } from 'vitest';
import { dataTextParts } from './dataText';

const messages: Record<string, string> = {
  release: 'Liberar a {{name}} al fondo común',
  lead: 'Confirme que {{buyer}} pagó {{amount}}.',
  twice: '{{name}} / {{name}}',
};
const translate = (key: string, params: Record<string, unknown>) =>
  (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

describe('dataTextParts: a message split into its wording and the user data it names', () => {
  test('the named value is a data part, the wording around it is not', () => {
    expect(dataTextParts(translate, 'release', { name: '王芳' }, ['name'])).toEqual([
      { text: 'Liberar a ', data: false },
      { text: '王芳', data: true },
      { text: ' al fondo común', data: false },
    ]);
  });
  test('values not named as data are interpolated into the wording', () => {
    expect(dataTextParts(translate, 'lead', { buyer: '张三', amount: '¥19.90' }, ['buyer'])).toEqual([
      { text: 'Confirme que ', data: false },
      { text: '张三', data: true },
      { text: ' pagó ¥19.90.', data: false },
    ]);
  });
  test('a value used twice is data both times; a value at the edges leaves no empty wording', () => {
    expect(dataTextParts(translate, 'twice', { name: 'A' }, ['name'])).toEqual([
      { text: 'A', data: true },
      { text: ' / ', data: false },
      { text: 'A', data: true },
    ]);
  });
});
