import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
