import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { boot } from './boot';
import { installGlobalErrorCapture } from './errors/capture';
import { i18nReady } from './i18n';

installGlobalErrorCapture();
// Session info, layout and page chunks start now, beside the language file (boot.ts).
boot();

// No top-level await here: it would switch off rolldown's chunk merging for the whole graph.
void i18nReady.then(() => {
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});
