/**
 * The few service-worker types the worker uses. The web project compiles with the DOM library,
 * whose globals clash with the WebWorker library's, so the worker declares what it touches.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface SwClient {
  readonly focused?: boolean;
  readonly visibilityState?: string;
  postMessage(message: unknown): void;
  focus(): Promise<unknown>;
}

export interface SwEventMap {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  push: ExtendableEvent & { data: { json(): unknown } | null };
  notificationclick: ExtendableEvent & { notification: { close(): void; data: unknown } };
  message: ExtendableEvent & { data: unknown; source: SwClient | null; ports: readonly MessagePort[] };
}

export interface SwScope {
  addEventListener<K extends keyof SwEventMap>(type: K, listener: (event: SwEventMap[K]) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly SwClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  readonly registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
}
