import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { installGlobalErrorCapture } from './errors/capture';
import { i18nReady } from './i18n';

installGlobalErrorCapture();
await i18nReady;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
