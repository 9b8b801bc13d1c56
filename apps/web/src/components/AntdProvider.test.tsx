import type { Language } from '@educrm/contract/constants';
import { Button, ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buttonConfigOf } from './AntdProvider';

const buttonIn = (language: Language) =>
  renderToString(
    <ConfigProvider button={buttonConfigOf(language)}>
      <Button>保存</Button>
    </ConfigProvider>,
  );

describe('the console antd provider', () => {
  it('spaces out a two-character button label in Chinese only, not in Japanese', () => {
    expect(buttonIn('zh')).toContain('保 存');
    expect(buttonIn('ja')).not.toContain('保 存');
    expect(buttonIn('ja')).toContain('保存');
  });
});
