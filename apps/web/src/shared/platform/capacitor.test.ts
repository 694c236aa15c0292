import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Capacitor plugins talk to the native side, which a browser test does not have: stand-ins record the calls.
const camera = vi.hoisted(() => ({ checkPermissions: vi.fn(), requestPermissions: vi.fn(), takePhoto: vi.fn() }));
const app = vi.hoisted(() => ({ addListener: vi.fn(), exitApp: vi.fn(), getInfo: vi.fn() }));
const browserPlugin = vi.hoisted(() => ({ open: vi.fn(), close: vi.fn(), addListener: vi.fn() }));
const push = vi.hoisted(() => ({ checkPermissions: vi.fn(), requestPermissions: vi.fn(), register: vi.fn(), addListener: vi.fn() }));
vi.mock('@capacitor/camera', () => ({ Camera: camera, EncodingType: { JPEG: 0 } }));
vi.mock('@capacitor/app', () => ({ App: app }));
vi.mock('@capacitor/browser', () => ({ Browser: browserPlugin }));
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: push }));
vi.mock('@capacitor/core', () => ({ Capacitor: { getPlatform: () => 'android' } }));

const { capacitorPlatform, inAppBrowser, installNativePlatform, nativeCamera, toPushPermission } = await import('./capacitor.ts');
const { CameraPermissionError, getCamera, getPlatform, setPlatform, webPlatform } = await import('./platform.ts');
const { getNativePush, setNativePush } = await import('./native-push.ts');

beforeEach(() => {
  vi.clearAllMocks();
  setPlatform(webPlatform);
  setNativePush(null);
});

describe('native shell platform (Capacitor)', () => {
  it('takes photos at 1280×960, JPEG quality 85 (spec §9), as the photo field asks', async () => {
    camera.checkPermissions.mockResolvedValue({ camera: 'granted' });
    camera.takePhoto.mockResolvedValue({ webPath: 'data:image/jpeg;base64,/9j/4AAQ' });
    const blob = await nativeCamera.capture({ width: 1280, height: 960, quality: 85 });
    expect(camera.takePhoto).toHaveBeenCalledWith(expect.objectContaining({ targetWidth: 1280, targetHeight: 960, quality: 85, saveToGallery: false }));
    expect(blob.size).toBeGreaterThan(0);
  });

  it('asks for the camera once, and a refusal is the permission error the photo field explains', async () => {
    camera.checkPermissions.mockResolvedValue({ camera: 'prompt' });
    camera.requestPermissions.mockResolvedValue({ camera: 'denied' });
    await expect(nativeCamera.capture({ width: 1280, height: 960, quality: 85 })).rejects.toBeInstanceOf(CameraPermissionError);
    expect(camera.takePhoto).not.toHaveBeenCalled();
  });

  it('the back button goes to the shared rule; removing the handler removes the listener', async () => {
    const remove = vi.fn();
    let fire: () => void = () => undefined;
    app.addListener.mockImplementation((_event: string, listener: () => void) => {
      fire = listener;
      return Promise.resolve({ remove });
    });
    const handler = vi.fn();
    const stop = capacitorPlatform().onBackButton(handler);
    expect(app.addListener).toHaveBeenCalledWith('backButton', expect.any(Function));
    fire();
    expect(handler).toHaveBeenCalledTimes(1);
    stop();
    await Promise.resolve();
    await Promise.resolve();
    expect(remove).toHaveBeenCalled();
  });

  it('installs itself behind the interfaces the app uses: native camera, push tokens from FCM', async () => {
    push.addListener.mockImplementation((event: string, listener: (value: unknown) => void) => {
      if (event === 'registration') setTimeout(() => listener({ value: 'fcm-token-1' }), 0);
      return Promise.resolve({ remove: vi.fn() });
    });
    push.register.mockResolvedValue(undefined);
    installNativePlatform();
    expect(getPlatform()).toMatchObject({ isNative: true, name: 'android' });
    expect(getCamera().mode).toBe('native');
    await expect(getNativePush()!.token()).resolves.toBe('fcm-token-1');
    expect(push.register).toHaveBeenCalledTimes(1);
  });

  it('federated sign-in’s in-app browser: @capacitor/browser opens and closes it, appUrlOpen brings the app’s URL, the app id is its scheme', async () => {
    expect(capacitorPlatform().browser).toBe(inAppBrowser);
    app.getInfo.mockResolvedValue({ id: 'app.faena.mobile', name: 'Faena' });
    await expect(inAppBrowser.appScheme()).resolves.toBe('app.faena.mobile');
    browserPlugin.open.mockResolvedValue(undefined);
    await inAppBrowser.open('https://acme.faena.app/api/auth/v3/sso/start?method=GOOGLE');
    expect(browserPlugin.open).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://acme.faena.app/api/auth/v3/sso/start?method=GOOGLE' }));
    // Android may refuse to close Custom Tabs: no failure
    browserPlugin.close.mockRejectedValue(new Error('not implemented'));
    await expect(inAppBrowser.close()).resolves.toBeUndefined();
    const remove = vi.fn();
    let fire: (event: { url: string }) => void = () => undefined;
    app.addListener.mockImplementation((_event: string, listener: (event: { url: string }) => void) => {
      fire = listener;
      return Promise.resolve({ remove });
    });
    const seen: string[] = [];
    const stop = inAppBrowser.onAppUrlOpen((url) => seen.push(url));
    expect(app.addListener).toHaveBeenCalledWith('appUrlOpen', expect.any(Function));
    fire({ url: 'app.faena.mobile://sso-return#sso_handoff=h' });
    expect(seen).toEqual(['app.faena.mobile://sso-return#sso_handoff=h']);
    stop();
    await Promise.resolve();
    await Promise.resolve();
    expect(remove).toHaveBeenCalled();
    browserPlugin.addListener.mockResolvedValue({ remove: vi.fn() });
    inAppBrowser.onClosed(() => undefined)();
    expect(browserPlugin.addListener).toHaveBeenCalledWith('browserFinished', expect.any(Function));
  });

  it('maps Capacitor permission states', () => {
    expect(toPushPermission('granted')).toBe('granted');
    expect(toPushPermission('denied')).toBe('denied');
    expect(toPushPermission('prompt-with-rationale')).toBe('prompt');
  });
});
