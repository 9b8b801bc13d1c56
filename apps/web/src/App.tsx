import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { FeedbackBridge } from './components/FeedbackBridge';
import { getRouter } from './router';
import { installForbiddenHandler } from './session/forbidden';
import { useSettingsStore } from './stores/settings';
import { readablePrimary } from './theme/color';

/**
 * The root: router and feedback hosts. antd's ConfigProvider (locale, componentSize, theme) is
 * applied by <AntdProvider> around every antd tree — the layout and the on-demand pieces — and
 * antd's <App> plus React Query by the layout: the login page loads none of them, which keeps
 * its first load within its 210 kB budget. The theme colour also goes to CSS variables here.
 */
export const App = () => {
  const router = getRouter();
  const themeColor = useSettingsStore((s) => s.theme);

  useEffect(() => installForbiddenHandler((to, opts) => router.navigate(to, opts)), [router]);

  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--app-theme', themeColor);
    root.setProperty('--app-primary', readablePrimary(themeColor));
  }, [themeColor]);

  return (
    <>
      <RouterProvider router={router} />
      <FeedbackBridge />
    </>
  );
};
