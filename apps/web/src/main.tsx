import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { boot } from './boot';
import { installGlobalErrorCapture } from './errors/capture';
import { i18nReady } from './i18n';
import { getRouter } from './router';
import { whenSettled } from './router/settled';

const FIRST_RENDER_WAIT_MS = 500;

installGlobalErrorCapture();
// Session info, layout and page chunks start now, beside the language file (boot.ts).
boot();

// No top-level await here: it would switch off rolldown's chunk merging for the whole graph.
// React renders once the router's first navigation has settled, or after half a second with the
// router's loading screen (router/settled.ts).
void i18nReady
  .then(() => whenSettled(getRouter(), FIRST_RENDER_WAIT_MS))
  .then(() => {
    const root = document.getElementById('root');
    if (root) {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }
  });
