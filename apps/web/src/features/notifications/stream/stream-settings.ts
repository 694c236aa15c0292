import { sharedInstance } from '../lib/shared-instance.ts';

/**
 * Spec §3 devtools setting: `sseImplementation`, event-source-plus by default; the browser's native
 * EventSource where it exists. Kept on the device (localStorage), changed from the debug view.
 */
export type SseImplementation = 'event-source-plus' | 'native';

export interface DevtoolsSetting {
  sseImplementation: SseImplementation;
}

export const DEVTOOLS_STORAGE_KEY = 'faena.devtools';
export const DEFAULT_DEVTOOLS_SETTING: DevtoolsSetting = { sseImplementation: 'event-source-plus' };

const store = sharedInstance('devtools-setting', () => ({ listeners: new Set<() => void>(), cached: null as DevtoolsSetting | null }));

function read(): DevtoolsSetting {
  try {
    const raw = window.localStorage.getItem(DEVTOOLS_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<DevtoolsSetting>) : {};
    return { sseImplementation: value.sseImplementation === 'native' ? 'native' : 'event-source-plus' };
  } catch {
    return DEFAULT_DEVTOOLS_SETTING;
  }
}

export function getDevtoolsSetting(): DevtoolsSetting {
  store.cached ??= read();
  return store.cached;
}

/** The implementation to use: native only where the browser has EventSource. */
export function effectiveSseImplementation(setting: DevtoolsSetting = getDevtoolsSetting()): SseImplementation {
  return setting.sseImplementation === 'native' && typeof EventSource !== 'undefined' ? 'native' : 'event-source-plus';
}

export function setSseImplementation(sseImplementation: SseImplementation): void {
  try {
    const stored = JSON.parse(window.localStorage.getItem(DEVTOOLS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    window.localStorage.setItem(DEVTOOLS_STORAGE_KEY, JSON.stringify({ ...stored, sseImplementation }));
  } catch {
    // Not persisted: it still applies to this tab.
  }
  store.cached = { ...getDevtoolsSetting(), sseImplementation };
  for (const listener of store.listeners) listener();
}

export function subscribeDevtoolsSetting(listener: () => void): () => void {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}
