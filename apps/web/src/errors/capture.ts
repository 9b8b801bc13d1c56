import { useErrorLogStore } from '../stores/errorLog';
import { useSettingsStore } from '../stores/settings';

export interface CapturedError {
  message: string;
  stack: string;
}

export const describeError = (error: unknown): CapturedError => {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
};

/** Whether captured errors also go to the console (settings.errorLog lists the build modes). */
const toConsole = () => useSettingsStore.getState().errorLog.includes(import.meta.env.MODE);

/** Spec section 8: into the error log with the page URL, and to the console when the setting allows. */
export const recordError = (error: unknown, info: string) => {
  const { message, stack } = describeError(error);
  useErrorLogStore.getState().add({ message, stack, info, url: window.location.href });
  if (toConsole()) console.error(`[${info}]`, error);
};

/** Chromium reports this benign layout notice as an error; it is not the user's problem. */
const IGNORED = /ResizeObserver loop/;

/** Uncaught errors and unhandled promise rejections go to the error log. */
export const installGlobalErrorCapture = () => {
  window.addEventListener('error', (event) => {
    if (IGNORED.test(event.message)) return;
    recordError(event.error ?? event.message, 'window.onerror');
  });
  window.addEventListener('unhandledrejection', (event) => {
    recordError(event.reason, 'unhandledrejection');
  });
};
