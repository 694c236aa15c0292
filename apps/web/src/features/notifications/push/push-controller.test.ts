import { describe, expect, it, vi } from 'vitest';
import type { PushPermissionState } from '../../../shared/platform/native-push.ts';
import { PushController, type PushBackend } from './push-controller.ts';

function backend(initial: PushPermissionState, answer: PushPermissionState | Error = 'granted', native = false) {
  let permission = initial;
  const fake: PushBackend & { setPermission(p: PushPermissionState): void } = {
    native,
    prepare: vi.fn(async () => undefined),
    permission: vi.fn(async () => permission),
    request: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      permission = answer;
      return answer;
    }),
    obtain: vi.fn(async () => ({
      token: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p', auth: 'a' } },
      key: 'https://fcm.googleapis.com/fcm/send/abc',
      platform: 'web',
      info: { userAgent: 'test' },
    })),
    release: vi.fn(async () => 'https://fcm.googleapis.com/fcm/send/abc'),
    setPermission: (p) => {
      permission = p;
    },
  };
  return fake;
}

function setup(fake: PushBackend) {
  const api = { register: vi.fn(async () => ({})), unregister: vi.fn(async () => undefined) };
  const notices = { requestFailed: vi.fn(), unsupported: vi.fn() };
  return { controller: new PushController(fake, api, notices), api, notices };
}

describe('notification permission (spec §4)', () => {
  it('prompt: asked automatically; granted: this device is registered', async () => {
    const fake = backend('prompt', 'granted');
    const { controller, api } = setup(fake);
    await controller.start({ canRegister: true, askAutomatically: true });
    expect(fake.request).toHaveBeenCalledTimes(1);
    expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ platform: 'web', key: 'https://fcm.googleapis.com/fcm/send/abc' }));
    expect(controller.getSnapshot()).toMatchObject({ permission: 'granted', device: 'registered' });
  });

  it('prompt is not asked twice in one sign-in (the caller says so)', async () => {
    const fake = backend('prompt');
    const { controller, api } = setup(fake);
    await controller.start({ canRegister: true, askAutomatically: false });
    expect(fake.request).not.toHaveBeenCalled();
    expect(api.register).not.toHaveBeenCalled();
    expect(controller.getSnapshot().permission).toBe('prompt');
  });

  it('a request that cannot be made shows the spec message', async () => {
    const { controller, notices } = setup(backend('prompt', new Error('needs a user gesture')));
    await controller.start({ canRegister: true, askAutomatically: true });
    expect(notices.requestFailed).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({ permission: 'prompt', requestFailed: true });
  });

  it('denied: nothing registered; retry asks again and registers once allowed', async () => {
    const fake = backend('prompt', 'denied');
    const { controller, api } = setup(fake);
    await controller.start({ canRegister: true, askAutomatically: true });
    expect(controller.getSnapshot().permission).toBe('denied');
    expect(api.register).not.toHaveBeenCalled();

    await controller.retry();
    expect(controller.getSnapshot()).toMatchObject({ permission: 'denied', stillDenied: true });

    fake.setPermission('prompt');
    (fake.request as ReturnType<typeof vi.fn>).mockImplementationOnce(async () => 'granted');
    await controller.retry();
    expect(controller.getSnapshot()).toMatchObject({ permission: 'granted', device: 'registered' });
  });

  it('unsupported: web hint / native warning, and nothing asked', async () => {
    const web = setup(backend('unsupported'));
    await web.controller.start({ canRegister: true, askAutomatically: true });
    expect(web.notices.unsupported).toHaveBeenCalledWith(false);
    const native = setup(backend('unsupported', 'granted', true));
    await native.controller.start({ canRegister: true, askAutomatically: true });
    expect(native.notices.unsupported).toHaveBeenCalledWith(true);
  });

  it('while impersonating the device is not registered for the other person', async () => {
    const { controller, api } = setup(backend('granted'));
    await controller.start({ canRegister: false, askAutomatically: true });
    expect(api.register).not.toHaveBeenCalled();
    expect(controller.getSnapshot().device).toBe('skipped');
  });

  it('sign-out: the server forgets the device with the last token, the browser drops its subscription', async () => {
    const fake = backend('granted');
    const { controller, api } = setup(fake);
    await controller.start({ canRegister: true, askAutomatically: true });
    await controller.signOut('id-token');
    expect(api.unregister).toHaveBeenCalledWith('https://fcm.googleapis.com/fcm/send/abc', 'id-token');
    expect(fake.release).toHaveBeenCalled();
  });

  it('the permission granted later in site settings registers the device', async () => {
    const fake = backend('denied');
    const { controller, api } = setup(fake);
    await controller.start({ canRegister: true, askAutomatically: true });
    fake.setPermission('granted');
    await controller.refresh();
    expect(api.register).toHaveBeenCalledTimes(1);
  });
});
