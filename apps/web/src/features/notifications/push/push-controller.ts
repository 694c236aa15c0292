import type { PushPermissionState } from '../../../shared/platform/native-push.ts';

/**
 * Spec §4 notification permission on this device: prompt (asked automatically), granted (the
 * device is registered for push), denied (a message with a retry), unsupported (web: a hint to use
 * the app; native: a warning).
 */
export interface PushStatus {
  permission: PushPermissionState;
  device: 'idle' | 'registering' | 'registered' | 'failed' | 'skipped';
  /** The automatic request could not be made, or the browser did not show it. */
  requestFailed: boolean;
  /** A retry after a denial was denied again (the browser no longer asks: site settings). */
  stillDenied: boolean;
  native: boolean;
}

export interface DeviceToken {
  /** What POST …/fcm_tokens takes: a browser PushSubscription (JSON) or a native token. */
  token: PushSubscriptionJSON | string;
  /** How DELETE …/fcm_tokens/{token} names it later: the endpoint, or the native token. */
  key: string;
  platform: string;
  info: Record<string, unknown>;
}

/** Where permission and tokens come from: the browser's Push API, or the native shell. */
export interface PushBackend {
  readonly native: boolean;
  /** Prepares what must exist whatever the permission (the web's service worker). */
  prepare(): Promise<void>;
  permission(): Promise<PushPermissionState>;
  request(): Promise<PushPermissionState>;
  obtain(): Promise<DeviceToken>;
  /** Drops the local subscription; answers its key when there was one. */
  release(): Promise<string | null>;
}

export interface PushApi {
  register(device: DeviceToken): Promise<unknown>;
  unregister(key: string, idToken: string): Promise<unknown>;
}

export interface PushNotices {
  /** Spec §8: 'No pudimos pedir el permiso para enviar notificaciones a tu celular. …' */
  requestFailed(): void;
  /** Spec §8: the web hint to use the app, or the native warning. */
  unsupported(native: boolean): void;
}

export interface PushStartOptions {
  /** False while impersonating: this device keeps belonging to the person who holds it. */
  canRegister: boolean;
  /** Ask automatically when the permission is still to be asked (once per sign-in). */
  askAutomatically: boolean;
}

type Listener = () => void;

export class PushController {
  private status: PushStatus;
  private readonly listeners = new Set<Listener>();
  private readonly backend: PushBackend;
  private readonly api: PushApi;
  private readonly notices: PushNotices;
  private canRegister = false;
  private registeredKey: string | null = null;
  private started = false;

  constructor(backend: PushBackend, api: PushApi, notices: PushNotices) {
    this.backend = backend;
    this.api = api;
    this.notices = notices;
    this.status = { permission: 'prompt', device: 'idle', requestFailed: false, stillDenied: false, native: backend.native };
  }

  getSnapshot = (): PushStatus => this.status;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async start(options: PushStartOptions): Promise<void> {
    this.started = true;
    this.canRegister = options.canRegister;
    let permission = await this.backend.permission().catch((): PushPermissionState => 'unsupported');
    this.set({ permission });
    if (permission === 'unsupported') {
      this.notices.unsupported(this.backend.native);
      return;
    }
    await this.backend.prepare().catch(() => undefined);
    if (permission === 'prompt' && options.askAutomatically) {
      permission = await this.ask();
      if (permission === 'prompt') this.notices.requestFailed();
    }
    if (permission === 'granted') await this.register();
  }

  /** The permission changed outside the app (site settings): follow it. */
  async refresh(): Promise<void> {
    if (!this.started) return;
    const permission = await this.backend.permission().catch((): PushPermissionState => 'unsupported');
    if (permission === this.status.permission) return;
    this.set({ permission, stillDenied: false });
    if (permission === 'granted') await this.register();
  }

  /** Spec §4: denied shows a message with a retry button. */
  async retry(): Promise<void> {
    const permission = await this.ask();
    if (permission === 'granted') await this.register();
    else if (permission === 'denied') this.set({ stillDenied: true });
  }

  /** Before the user signs out: the server forgets this device, then the browser drops the subscription. */
  async signOut(idToken: string): Promise<void> {
    const key = this.registeredKey;
    this.registeredKey = null;
    if (key) await this.api.unregister(key, idToken).catch(() => undefined);
    await this.backend.release().catch(() => null);
    this.set({ device: 'idle' });
  }

  /** Signed out without a word from this tab (expired, revoked, another tab): no more pushes here. */
  async signedOut(): Promise<void> {
    this.registeredKey = null;
    await this.backend.release().catch(() => null);
    this.set({ device: 'idle' });
  }

  private async ask(): Promise<PushPermissionState> {
    let permission: PushPermissionState;
    try {
      permission = await this.backend.request();
    } catch {
      permission = 'prompt';
    }
    this.set({ permission, requestFailed: permission === 'prompt' });
    return permission;
  }

  private async register(): Promise<void> {
    if (!this.canRegister) {
      this.set({ device: 'skipped' });
      return;
    }
    if (this.status.device === 'registering') return;
    this.set({ device: 'registering' });
    try {
      const device = await this.backend.obtain();
      await this.api.register(device);
      this.registeredKey = device.key;
      this.set({ device: 'registered' });
    } catch (error) {
      console.warn('Push registration failed', error);
      this.set({ device: 'failed' });
    }
  }

  private set(change: Partial<PushStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.listeners) listener();
  }
}
