import { describe, expect, it } from 'vitest';
import { isApiPath, swBuildId } from '../../sw/sw-rules.ts';
import { toNotification } from '../../sw/push.ts';
import { decideOnWaitingWorker, shouldCheckForUpdate, shouldOfferInstall, UPDATE_CHECK_MIN_GAP_MS } from './update-rules.ts';
import { RUNNING_BUILD, serviceWorkerWanted } from './service-worker.ts';

describe('update flow (decision 030)', () => {
  const running = swBuildId('abc1234', '2026-12-05T10:00:00.000Z');

  it('activates silently a waiting worker of the build the page already runs', () => {
    expect(decideOnWaitingWorker({ waitingBuild: running, runningBuild: running, interacted: true })).toBe('activate-silently');
  });

  it('applies a new build at once while the person has not touched the page', () => {
    expect(decideOnWaitingWorker({ waitingBuild: swBuildId('def5678', '2026-12-05T11:00:00.000Z'), runningBuild: running, interacted: false })).toBe('apply-now');
  });

  it('offers "Actualizar" once the person works on the page, also when the worker does not tell its build', () => {
    expect(decideOnWaitingWorker({ waitingBuild: swBuildId('def5678', '2026-12-05T11:00:00.000Z'), runningBuild: running, interacted: true })).toBe('prompt');
    expect(decideOnWaitingWorker({ waitingBuild: null, runningBuild: running, interacted: true })).toBe('prompt');
  });

  it('a rebuild of the same commit is another build', () => {
    expect(swBuildId('abc1234', '2026-12-05T10:00:00.000Z')).not.toBe(swBuildId('abc1234', '2026-12-05T10:05:00.000Z'));
  });

  it('checks for a new worker on return to the page, not twice within a minute, and after a clock change', () => {
    expect(shouldCheckForUpdate(null, 1000)).toBe(true);
    expect(shouldCheckForUpdate(1000, 1000 + UPDATE_CHECK_MIN_GAP_MS - 1)).toBe(false);
    expect(shouldCheckForUpdate(1000, 1000 + UPDATE_CHECK_MIN_GAP_MS)).toBe(true);
    expect(shouldCheckForUpdate(10_000, 5_000)).toBe(true);
  });

  it('offers installing to a signed-in person in the browser who has not declined', () => {
    expect(shouldOfferInstall({ dismissedAt: null, standalone: false, signedIn: true })).toBe(true);
    expect(shouldOfferInstall({ dismissedAt: '2026-12-01T00:00:00Z', standalone: false, signedIn: true })).toBe(false);
    expect(shouldOfferInstall({ dismissedAt: null, standalone: true, signedIn: true })).toBe(false);
    expect(shouldOfferInstall({ dismissedAt: null, standalone: false, signedIn: false })).toBe(false);
  });

  it('the tests and the dev server register no worker; the page names its build as the worker does', () => {
    expect(serviceWorkerWanted()).toBe(false);
    expect(RUNNING_BUILD).toBe(swBuildId('test', 'test'));
  });
});

describe('service worker rules', () => {
  it('never answers the API', () => {
    expect(isApiPath('/api/tenant')).toBe(true);
    expect(isApiPath('api/pwa/manifest.webmanifest')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/apis')).toBe(false);
    expect(isApiPath('assets/index-abc.js')).toBe(false);
  });

  it('turns push payloads into notifications and refuses other shapes', () => {
    expect(toNotification({ type: 'NEW_POST', postId: 'p1', title: 'Hola' })).toEqual({ title: 'Hola', tag: 'post:p1', body: '', data: { url: '/posts/p1' } });
    const inbox = toNotification({ notificationId: 'n1', summary: { title: 'T', body: 'B' }, requestedAt: '2026-12-05T10:00:00Z', context: { type: 'Activity', action: 'created', id: 'A1:r2' } });
    expect(inbox?.data).toEqual({ url: '/activities/A1/r2', notificationId: 'n1' });
    expect(inbox?.timestamp).toBe(Date.parse('2026-12-05T10:00:00Z'));
    expect(toNotification({ type: 'NEW_POST', postId: '', title: 'x' })).toBeNull();
    expect(toNotification('nope')).toBeNull();
  });
});
