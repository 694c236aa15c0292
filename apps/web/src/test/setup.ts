import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

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
