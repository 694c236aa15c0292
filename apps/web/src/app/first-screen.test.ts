import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps its state for the page's life: each test takes a fresh copy.
async function load() {
  vi.resetModules();
  return import('./first-screen.ts');
}

describe('work that waits for the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once the first screen is there and the browser is idle, not before', async () => {
    const { afterFirstScreen, markFirstScreenShown } = await load();
    const work = vi.fn();
    afterFirstScreen(work);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(work).not.toHaveBeenCalled();
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the deadline when the first screen never settles', async () => {
    const { afterFirstScreen, startFirstScreenDeadline } = await load();
    const work = vi.fn();
    afterFirstScreen(work);
    startFirstScreenDeadline();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not run cancelled work', async () => {
    const { afterFirstScreen, markFirstScreenShown } = await load();
    const work = vi.fn();
    afterFirstScreen(work)();
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).not.toHaveBeenCalled();
  });
});
