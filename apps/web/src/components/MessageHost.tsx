import { message } from 'antd';
import { useLayoutEffect } from 'react';
import { AntdProvider } from './AntdProvider';
import { bindFeedback } from './feedback';

const Holder = () => {
  const [api, holder] = message.useMessage();
  useLayoutEffect(() => {
    bindFeedback(api);
    return () => bindFeedback(null);
  }, [api]);
  return holder;
};

/** The antd message holder of the feedback bridge, with the console's theme, locale and size. */
const MessageHost = () => (
  <AntdProvider>
    <Holder />
  </AntdProvider>
);

export default MessageHost;
