import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { goto, launch, openPage, shot, signInAs, VIEWPORT_NAMES } from './helpers.ts';

/** Chromium with a fake camera and microphone, permission granted without a prompt. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch({ fakeMedia: true });
});
afterAll(async () => {
  await browser?.close();
});

const AREA = '/document-types-administration';

describe('uploads and the documents area', () => {
  it('uploads a multi-chunk file through the field, lists it and downloads it byte-identical', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, AREA, '.filepond--root');
    // three chunks of 500,000 bytes; a PDF, since the server sniffs the type and refuses unknown binaries
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1_300_000 - 9)]);
    const patches: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/upload/patch/')) patches.push(Number(request.headers()['upload-offset']));
    });
    await page.setInputFiles('.filepond--browser', { name: 'informe-grande.pdf', mimeType: 'application/pdf', buffer: bytes });
    const row = page.locator('[data-testid=document-row]', { hasText: 'informe-grande.pdf' });
    await row.waitFor({ timeout: 60_000 });
    expect(patches.sort((a, b) => a - b)).toEqual([0, 500_000, 1_000_000]);

    await row.getByRole('button', { name: /Acciones de informe-grande.pdf/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Descargar' }).click()]);
    expect(download.suggestedFilename()).toBe('informe-grande.pdf');
    const saved = await download.path();
    expect(Buffer.compare(readFileSync(saved), bytes)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes a photo with Chromium's fake camera and sees it uploaded", async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await context.grantPermissions(['camera']);
    await signInAs(page, 'admin');
    await goto(page, AREA, '.filepond--root');
    await page.getByRole('button', { name: 'Usar cámara' }).click();
    await page.getByRole('button', { name: 'Capturar foto' }).waitFor();
    await page.locator('video.faena-photo-video').waitFor();
    await shot(page, 'documents-camera-live', 'desktop');
    await page.getByRole('button', { name: 'Capturar foto' }).click();
    await page.getByRole('img', { name: 'Foto 1' }).waitFor({ timeout: 30_000 });
    const row = page.locator('[data-testid=document-row]', { hasText: /foto_\d+\.jpeg/ });
    await row.first().waitFor({ timeout: 30_000 });
    expect(await row.first().textContent()).toMatch(/foto_\d+\.jpeg/);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of VIEWPORT_NAMES) {
    it(`shows the documents area and the document types (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'admin');
      await goto(page, AREA, '.filepond--root');
      await page.locator('[data-testid=document-row]').first().waitFor({ timeout: 20_000 }).catch(() => undefined);
      await shot(page, 'documents-area', viewport);
      await goto(page, '/document-types/create', 'form');
      await page.locator('main form').getByLabel('Nombre', { exact: false }).first().fill(`Contrato ${viewport}`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText(`Contrato ${viewport}`).waitFor();
      await shot(page, 'document-types', viewport);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
