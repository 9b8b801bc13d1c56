import { lazy, Suspense } from 'react';
import { useFeedbackHosts } from '../stores/feedback';

const MessageHost = lazy(() => import('./MessageHost'));
const LogoutBox = lazy(() => import('./LogoutBox'));

/** Mounted once at the root: the message host and the logout box, each loaded when first needed. */
export const FeedbackBridge = () => {
  const messages = useFeedbackHosts((s) => s.messages);
  const logout = useFeedbackHosts((s) => s.logout);
  return (
    <Suspense fallback={null}>
      {messages ? <MessageHost /> : null}
      {logout ? <LogoutBox /> : null}
    </Suspense>
  );
};
