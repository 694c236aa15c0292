import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminApi, goto, launch, openPage, shot, signInAs, url } from './helpers.ts';

/**
 * Offline work (issue 46 point 2, decision 031) at the phone size, with Playwright's offline mode:
 * a checklist answered with a photo and a signature, and an activity completed, with no network;
 * both reach the server once when it returns, /sync ends empty; an occurrence completed elsewhere
 * meanwhile shows as a conflict with the answer kept. The screens are opened once with signal;
 * with the network cut, /sync and the occurrence page are reloaded — the service worker gives the
 * app, IndexedDB the queue and the kept reads. A checklist never started is started with no
 * signal from the kept reads (its draft on the phone), and reaches the server as one execution.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = Date.now().toString(36);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

async function sign(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(testId);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 60);
  await page.mouse.down();
  for (const [x, y] of [
    [80, 30],
    [140, 80],
    [200, 30],
  ] as const)
    await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.up();
}

interface Occurrence {
  recurrenceId: string;
  completion: { status: string; description: string | null } | null;
}

describe('offline work', () => {
  it('mobile: a checklist with a photo and an activity done offline are sent once when the network returns; a conflict is kept and shown', { timeout: 300_000 }, async () => {
    const { page, context, errors } = await openPage(browser, 'mobile');
    await signInAs(page, 'admin');
    const me = await adminApi<{ passport: string }>(page, 'GET', '/api/auth/v3/me');
    const category = await adminApi<{ id: string }>(page, 'POST', '/api/checklists/v3/categories/', { name: `Sin señal ${RUN}` });
    const checklist = await adminApi<{ id: string }>(page, 'POST', '/api/checklists/v3/checklists/', {
      name: `Bodega sin señal ${RUN}`,
      category: category.id,
      sections: [{ id: 's', title: 'Seguridad', field_ids: [1] }],
      fields: [{ id: 1, type: 'boolean', name: 'epp', label: '¿EPP completo?', required: true }],
      items: [{ field_id: 1, scoring: { kind: 'boolean', yes: 1, no: 0 } }],
      signatures: { executor: true, second: false },
    });
    const start = new Date(Date.now() + 3600_000).toISOString().slice(0, 16);
    const activity = async (title: string) => {
      const made = await adminApi<{ public_id: string }>(page, 'POST', '/api/activities/v3/activities/', { title, start, timezone: 'UTC', duration_minutes: 30, responsibles: [me.passport] });
      const occurrence = await adminApi<Occurrence>(page, 'GET', `/api/activities/v3/activities/${made.public_id}/occurrences/current/`);
      return { id: made.public_id, rid: occurrence.recurrenceId };
    };
    const ronda = await activity(`Ronda sin señal ${RUN}`);
    const disputed = await activity(`Ronda disputada ${RUN}`);
    const occurrencePath = (a: { id: string; rid: string }) => `/activities/${a.id}/${a.rid}`;

    // every screen is opened while there is signal (no service worker yet: no reload offline)
    await goto(page, `/checklists/${checklist.id}/execute`, '[data-testid=execution-start]');
    await page.getByTestId('execution-start').click();
    await page.getByTestId('section-title').waitFor();
    const occurrencePage = await context.newPage();
    await goto(occurrencePage, occurrencePath(ronda), '[data-testid=complete-occurrence]');
    const disputedPage = await context.newPage();
    await goto(disputedPage, occurrencePath(disputed), '[data-testid=complete-occurrence]');
    const sync = await context.newPage();
    await goto(sync, '/sync', '[data-testid=sync-empty]');
    // the service worker has precached the app once it controls the page
    await sync.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 250 });
    // someone else completes the disputed one meanwhile; its page still shows it open
    await adminApi(sync, 'POST', `/api/activities/v3/activities/${disputed.id}/occurrences/${disputed.rid}/completion/`, { status: 'COMPLETED', description: 'Desde otro teléfono' });

    await context.setOffline(true);

    // the checklist: an answer, a photo kept on the phone, the signature, the submit
    await page.bringToFront();
    await page.getByTestId('field-epp').getByText('Sí').click();
    await page.getByTestId('item-photos-toggle-epp').click();
    await page.getByTestId('item-extras-epp').locator('input[type=file]').setInputFiles({ name: 'epp.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('item-photos-toggle-epp').getByText('1 foto').waitFor({ timeout: 20_000 });
    await page.getByTestId('item-extras-epp').locator('img').first().waitFor();
    await shot(page, 'offline-checklist-photo', 'mobile');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('sign-step').waitFor();
    await sign(page, 'signature-executor');
    await page.getByTestId('execution-submit').click();
    await page.getByTestId('execution-queued').waitFor({ timeout: 20_000 });
    await shot(page, 'offline-checklist-queued', 'mobile');

    // the activities
    await occurrencePage.bringToFront();
    await occurrencePage.getByTestId('completion-note').fill('Ronda hecha en el subterráneo');
    await occurrencePage.getByTestId('complete-occurrence').click();
    await occurrencePage.getByTestId('occurrence-queued').waitFor();
    await disputedPage.bringToFront();
    await disputedPage.getByTestId('completion-note').fill('Yo también la hice');
    await disputedPage.getByTestId('complete-occurrence').click();
    await disputedPage.getByTestId('occurrence-queued').waitFor();

    // /sync in the other tab lists the three, waiting; the badge counts them
    await sync.bringToFront();
    await sync.getByTestId('sync-pending').waitFor();
    await expect.poll(() => sync.getByTestId('sync-item').count()).toBe(3);
    expect(await sync.getByTestId('sync-badge').getAttribute('aria-label')).toContain('3');
    expect(await sync.getByTestId('sync-network').textContent()).toBe('Sin conexión');
    await shot(sync, 'offline-sync-pending', 'mobile');

    // closed and opened again with no network: the queue is still there, the occurrence still opens
    await sync.reload({ waitUntil: 'load' });
    await sync.getByTestId('sync-pending').waitFor({ timeout: 20_000 });
    await expect.poll(() => sync.getByTestId('sync-item').count()).toBe(3);
    await occurrencePage.reload({ waitUntil: 'load' });
    await expect.poll(() => occurrencePage.getByTestId('occurrence-title').textContent(), { timeout: 20_000 }).toBe(`Ronda sin señal ${RUN}`);
    await shot(occurrencePage, 'offline-occurrence-reloaded', 'mobile');

    // the network returns: sent in order, each once; the disputed one is a conflict, answer kept
    await context.setOffline(false);
    await sync.getByTestId('sync-conflicts').waitFor({ timeout: 60_000 });
    await expect.poll(() => sync.getByTestId('sync-item').count(), { timeout: 60_000 }).toBe(1);
    expect(await sync.getByTestId('sync-conflict-reason').textContent()).toContain('Otra persona ya completó esta actividad');
    expect(await sync.getByTestId('sync-answer').textContent()).toContain('Yo también la hice');
    await shot(sync, 'offline-sync-conflict', 'mobile');

    const executions = await adminApi<{ count: number; results: { id: string; status: string }[] }>(sync, 'GET', `/api/checklists/v3/executions/?checklist=${checklist.id}`);
    expect(executions.count).toBe(1);
    expect(executions.results[0]!.status).toBe('submitted');
    const execution = await adminApi<{ photos: Record<string, unknown[]>; signatures: { executor: unknown } }>(sync, 'GET', `/api/checklists/v3/executions/${executions.results[0]!.id}/`);
    expect(Object.values(execution.photos).flat()).toHaveLength(1);
    expect(execution.signatures.executor).not.toBeNull();
    const done = await adminApi<Occurrence>(sync, 'GET', `/api/activities/v3/activities/${ronda.id}/occurrences/${ronda.rid}/`);
    expect(done.completion).toMatchObject({ status: 'COMPLETED', description: 'Ronda hecha en el subterráneo' });
    const kept = await adminApi<Occurrence>(sync, 'GET', `/api/activities/v3/activities/${disputed.id}/occurrences/${disputed.rid}/`);
    expect(kept.completion?.description).toBe('Desde otro teléfono');

    // the person reads the conflict, then discards it (asked first): /sync is empty
    await sync.getByTestId('sync-discard').click();
    await sync.getByRole('dialog').getByRole('button', { name: 'Descartar' }).click();
    await sync.getByTestId('sync-empty').waitFor();
    expect(await sync.getByTestId('sync-last').textContent()).toContain('Última sincronización');
    await shot(sync, 'offline-sync-empty', 'mobile');
    expect(errors).toEqual([]);
    await context.close();
  });

  // It failed until 2026-12-06: offline, the site config's read again failed after the kept one was
  // restored and the shell showed its error page (it now goes on with a known site config); and the
  // list's kept read was lost (a save replaced what was kept with the cache of the moment, and a read
  // whose read again failed offline was dropped). A failure leaves offline-start-list-failed-mobile.png,
  // the page's text and the kept reads' keys.
  it('mobile: a checklist never started is started with no signal, resumed after a reload, submitted; online, one execution on the server', { timeout: 300_000 }, async () => {
    const { page, errors } = await openPage(browser, 'mobile');
    await signInAs(page, 'admin');
    const category = await adminApi<{ id: string }>(page, 'POST', '/api/checklists/v3/categories/', { name: `Inicio sin señal ${RUN}` });
    const name = `Patio sin señal ${RUN}`;
    const checklist = await adminApi<{ id: string }>(page, 'POST', '/api/checklists/v3/checklists/', {
      name,
      category: category.id,
      sections: [{ id: 's', title: 'Patio', field_ids: [1, 2] }],
      fields: [
        { id: 1, type: 'boolean', name: 'luces', label: '¿Luces encendidas?', required: true },
        { id: 2, type: 'text', name: 'obs', label: 'Observaciones', required: false },
      ],
      items: [{ field_id: 1, scoring: { kind: 'boolean', yes: 1, no: 0 } }],
      signatures: { executor: true, second: false },
    });

    // with signal the list and the checklist are only read (nothing started), and kept on the phone
    await goto(page, `/checklists/${category.id}`, `[data-testid=checklist-card-${checklist.id}]`);
    await page.getByTestId(`checklist-card-${checklist.id}`).getByTestId('execute-checklist').click();
    await page.getByTestId('execution-start').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 250 });
    // the kept reads are written a moment after the read (decision 031): the list's and the detail's
    await page.waitForFunction(
      ({ id, category }) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('faena-offline');
          open.onsuccess = () => {
            const request = open.result.transaction('meta').objectStore('meta').getAll();
            request.onsuccess = () => {
              const rows = request.result as { key: string; value: string }[];
              resolve(rows.some((row) => row.key.startsWith('queries:') && row.value.includes(`"detail","${id}"`) && row.value.includes(`"list","${category}"`)));
              open.result.close();
            };
            request.onerror = () => resolve(false);
          };
          open.onerror = () => resolve(false);
        }),
      { id: checklist.id, category: category.id },
      { timeout: 30_000, polling: 500 },
    );

    await page.context().setOffline(true);
    // the list opens with no signal
    await page.reload({ waitUntil: 'load' });
    await page.goto(url(`/checklists/${category.id}`), { waitUntil: 'load' });
    await page
      .getByTestId(`checklist-card-${checklist.id}`)
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        await shot(page, 'offline-start-list-failed', 'mobile');
        const keptKeys = await page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('faena-offline');
              open.onsuccess = () => {
                const request = open.result.transaction('meta').objectStore('meta').getAll();
                request.onsuccess = () =>
                  resolve(
                    JSON.stringify(
                      (request.result as { key: string; value: string }[]).map((row) => [
                        row.key,
                        row.key.startsWith('queries:') && row.value ? (JSON.parse(row.value) as { queries: { queryHash: string }[] }).queries.map((query) => query.queryHash) : row.value.length,
                      ]),
                    ),
                  );
              };
            }),
        );
        console.log('kept reads on the phone:', keptKeys);
        await page
          .getByText('Detalles técnicos')
          .click()
          .catch(() => undefined);
        throw new Error(`${String(error)}\n${page.url()}\n${(await page.locator('body').innerText()).slice(0, 3000)}\n${errors.join('\n')}`);
      });
    await shot(page, 'offline-start-list', 'mobile');
    await page.getByTestId(`checklist-card-${checklist.id}`).getByTestId('execute-checklist').click();
    await page.getByTestId('execute-offline').waitFor({ timeout: 20_000 });
    await shot(page, 'offline-start-screen', 'mobile');
    await page.getByTestId('execution-start').click();
    await page.getByTestId('section-title').waitFor();
    await page.getByTestId('field-luces').getByText('Sí').click();
    await page.getByLabel('Observaciones').fill('Foco 3 parpadea');
    await expect.poll(() => page.getByTestId('save-status').textContent(), { timeout: 10_000 }).toBe('Guardado en este dispositivo');
    await page.waitForTimeout(1500); // the autosave's debounce, then the write to IndexedDB

    // closed and opened again with no signal: the draft is on the phone
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('section-title').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByLabel('Observaciones').inputValue(), { timeout: 10_000 }).toBe('Foco 3 parpadea');
    await shot(page, 'offline-start-resumed', 'mobile');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('sign-step').waitFor();
    await sign(page, 'signature-executor');
    await page.getByTestId('execution-submit').click();
    await page.getByTestId('execution-queued').waitFor({ timeout: 20_000 });
    await shot(page, 'offline-start-queued', 'mobile');
    const before = await adminApi<{ count: number }>(page, 'GET', `/api/checklists/v3/executions/?checklist=${checklist.id}`).catch(() => null);
    expect(before).toBeNull(); // no signal: nothing reached the server

    // the signal returns: started, then submitted, once
    await page.context().setOffline(false);
    await page.goto(url('/sync'), { waitUntil: 'load' });
    await page.getByTestId('sync-empty').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await adminApi<{ count: number }>(page, 'GET', `/api/checklists/v3/executions/?checklist=${checklist.id}&status=submitted`)).count, { timeout: 30_000 }).toBe(1);
    const executions = await adminApi<{ count: number; results: { id: string; status: string }[] }>(page, 'GET', `/api/checklists/v3/executions/?checklist=${checklist.id}`);
    expect(executions.count).toBe(1);
    expect(executions.results[0]!.status).toBe('submitted');
    const execution = await adminApi<{ answers: Record<string, unknown>; signatures: { executor: unknown } }>(page, 'GET', `/api/checklists/v3/executions/${executions.results[0]!.id}/`);
    expect(execution.answers).toMatchObject({ luces: true, obs: 'Foco 3 parpadea' });
    expect(execution.signatures.executor).not.toBeNull();
    await shot(page, 'offline-start-synced', 'mobile');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
