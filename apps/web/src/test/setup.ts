import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { defineLocales, registerLocales } from '../shared/i18n/bundles.ts';

// Every area's translations are known up front in tests (the app loads them with each chunk).
const localeFiles = import.meta.glob(['../**/locales/*.json', '!../shared/i18n/locales/*.json']);
const byArea = new Map<string, Record<string, () => Promise<unknown>>>();
for (const [path, file] of Object.entries(localeFiles)) {
  const area = path.slice(0, path.lastIndexOf('/'));
  byArea.set(area, { ...byArea.get(area), [path]: file });
}
registerLocales([...byArea.values()].map((files) => defineLocales(files)));

// Screens arrive through lazy imports that are transformed on first use: allow a busy machine time.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what Mantine and the shell read from the window.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

const computed = window.getComputedStyle;
window.getComputedStyle = (element: Element, pseudo?: string | null) => computed(element, pseudo ?? undefined);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
