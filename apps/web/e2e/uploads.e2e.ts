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

  it('creates, renames and deletes a folder, moves a document into it, and refuses to delete a folder that is not empty', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, AREA, '.filepond--root');
    const suffix = randomBytes(3).toString('hex');
    const contents = page.getByRole('list', { name: 'Contenido de la carpeta' });
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: 'Nueva carpeta' }).click();
    await dialog.getByLabel('Nombre de la carpeta').fill(`Contratos ${suffix}`);
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await contents.getByRole('button', { name: `Contratos ${suffix}`, exact: true }).waitFor();

    await contents.getByRole('button', { name: `Acciones de Contratos ${suffix}` }).click();
    await page.getByRole('menuitem', { name: 'Renombrar' }).click();
    expect(await dialog.getByLabel('Nombre de la carpeta').inputValue()).toBe(`Contratos ${suffix}`);
    await dialog.getByLabel('Nombre de la carpeta').fill(`Firmados ${suffix}`);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await contents.getByRole('button', { name: `Firmados ${suffix}`, exact: true }).waitFor();

    // a document uploaded at the root, moved into the folder
    await page.setInputFiles('.filepond--browser', { name: `acta-${suffix}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n${suffix}\n`) });
    const row = contents.locator('[data-testid=document-row]', { hasText: `acta-${suffix}.pdf` });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: `Acciones de acta-${suffix}.pdf` }).click();
    await page.getByRole('menuitem', { name: 'Mover' }).click();
    await dialog.getByLabel('Carpeta de destino', { exact: true }).click();
    await page.getByRole('option', { name: `Firmados ${suffix}` }).click();
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await row.waitFor({ state: 'detached' });

    // the folder holds it: deleting the folder is refused, with the reason
    await contents.getByRole('button', { name: `Acciones de Firmados ${suffix}` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await dialog.getByText(`¿Eliminar la carpeta «Firmados ${suffix}»?`).waitFor();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('La carpeta no está vacía: mueve o elimina su contenido primero.').waitFor();
    // its own message only: not the generic one beside it
    await page.waitForTimeout(300);
    expect(await page.getByText('Error while trying to save').count()).toBe(0);

    // inside: the document is there; delete it, then the empty folder
    await contents.getByRole('button', { name: `Firmados ${suffix}`, exact: true }).click();
    await row.waitFor();
    await shot(page, 'documents-folder', 'desktop');
    await row.getByRole('button', { name: `Acciones de acta-${suffix}.pdf` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Documentos', exact: true }).click();
    await contents.getByRole('button', { name: `Acciones de Firmados ${suffix}` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await contents.getByRole('button', { name: `Firmados ${suffix}`, exact: true }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of VIEWPORT_NAMES) {
    it(`shows the documents area and the document types (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'admin');
      await goto(page, AREA, '.filepond--root');
      await page
        .locator('[data-testid=document-row]')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
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
