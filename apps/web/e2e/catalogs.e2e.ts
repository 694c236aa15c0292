import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, goto, launch, openPage, shot, signInAs, signInOnTenant } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A 2×2 PNG: the venue's image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** A run-unique suffix: the e2e database lives for the whole run, and tests may be re-run against a server. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

/** Picks an option of a Mantine select (searchable): types, then clicks the option. */
async function pick(page: Page, input: ReturnType<Page['locator']>, search: string, option: string | RegExp): Promise<void> {
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

function field(page: Page, name: string) {
  return page.locator(`[data-field-box="${name}"]`);
}

/** The text box of a form field (inputs, selects and text areas alike). */
function box(page: Page, name: string) {
  return field(page, name).locator('input:not([type=hidden]), textarea').first();
}

async function confirmDialog(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('catalogues and data sources (web)', () => {
  it('creates, edits, deletes and restores a venue, with a location under it; a code in use lands on its field', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, '/venues', '[data-testid=catalog-row]');
    await page.click('[data-testid=catalog-create]');
    await page.waitForSelector('[data-testid=catalog-form]');

    // Nothing filled: the required fields say so, nothing is sent.
    await page.click('[data-testid=catalog-save]');
    await field(page, 'code').getByText('Este campo es obligatorio.').waitFor();

    const code = `E2E-${RUN}`;
    await box(page, 'code').fill(code);
    await box(page, 'name').fill(`Sede ${RUN}`);
    await box(page, 'address').fill('Av. Libertador 1234, Santiago');
    await pick(page, box(page, 'country'), 'Chil', 'Chile');
    await pick(page, box(page, 'timezone'), 'Santiago', /America\/Santiago/);
    await box(page, 'gla').fill('1250,5');
    await pick(page, box(page, 'business_line'), 'Retail', /Retail/);
    await field(page, 'image_upload_id').locator('input[type=file]').setInputFiles({ name: 'sede.png', mimeType: 'image/png', buffer: PNG });
    await field(page, 'image_upload_id').locator('img').waitFor({ timeout: 30_000 });
    await field(page, 'extra_data').getByRole('button', { name: 'Agregar dato' }).click();
    await field(page, 'extra_data').getByLabel('Nombre del dato 1').fill('turno');
    await field(page, 'extra_data').getByLabel('Valor del dato 1').fill('noche');
    await shot(page, 'catalogs-venue-form', 'desktop');
    await page.click('[data-testid=catalog-save]');

    await page.locator('[data-testid=detail-title]', { hasText: `Sede ${RUN}` }).waitFor();
    const venueUrl = new URL(page.url()).pathname;
    expect(venueUrl).toMatch(/^\/venues\/[0-9a-f-]{36}$/);
    const details = page.locator('[data-testid=detail-fields]');
    await details.getByText('Chile').waitFor();
    await details.getByText('America/Santiago').waitFor();
    await details.getByText('Retail').waitFor();
    expect(await details.locator('[data-field=gla]').textContent()).toContain('1250,5 m²');
    expect(await page.locator('[data-testid=extra-data-view]').textContent()).toContain('turnonoche');
    // The image was stored and is shown from its download link.
    await page.locator('[data-testid=venue-image]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=venue-image]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

    // The same code again: the server's 400 lands on the code field, in Spanish.
    await goto(page, '/venues/create', '[data-testid=catalog-form]');
    await box(page, 'code').fill(code);
    await box(page, 'name').fill('Duplicada');
    await page.click('[data-testid=catalog-save]');
    await field(page, 'code').getByText('Ese código ya está en uso.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/venues/create');
    // Said once, on the field: no generic failure toast on top.
    expect(await page.getByText('Error while trying to save').count()).toBe(0);
    // Leaving a form with changes asks first.
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await confirmDialog(page, 'Descartar cambios');

    // Edit: only the name changes.
    await goto(page, `${venueUrl}/edit`, '[data-testid=catalog-form]');
    await box(page, 'name').fill(`Sede ${RUN} editada`);
    await page.click('[data-testid=catalog-save]');
    await page.locator('[data-testid=detail-title]', { hasText: `Sede ${RUN} editada` }).waitFor();
    await details.getByText('turno').waitFor();

    // A location under it, created from the venue's page (the venue comes chosen).
    await page.click('[data-testid=venue-add-location]');
    await page.waitForSelector('[data-testid=catalog-form]');
    expect(await box(page, 'venue').inputValue()).toContain(`Sede ${RUN} editada`);
    await box(page, 'code').fill(`${code}-P1`);
    await box(page, 'name').fill(`Piso ${RUN}`);
    await page.click('[data-testid=catalog-save]');
    await page.locator('[data-testid=detail-title]', { hasText: `Piso ${RUN}` }).waitFor();
    await page
      .locator('[data-testid=detail-fields] [data-field=venue]')
      .getByRole('link', { name: `Sede ${RUN} editada` })
      .click();
    await page.locator('[data-testid=venue-locations] [data-testid=location-node]', { hasText: `Piso ${RUN}` }).waitFor();
    // what still names it: the location under it
    await page.locator('[data-testid=catalog-usage]', { hasText: 'En uso: 1 ubicación.' }).waitFor();
    await shot(page, 'catalogs-venue-detail', 'desktop');

    // Delete (soft) with confirmation, which says what still points at it; find it under "Eliminados", restore it.
    await page.click('[data-testid=detail-delete]');
    await page.getByRole('dialog').getByText('Apuntan a él 1 ubicación: lo conservarán, pero ya no se podrá elegir.').waitFor();
    await confirmDialog(page, 'Eliminar');
    await page.locator('[data-testid=deleted-badge]').waitFor();
    await goto(page, `/venues?search=${RUN}`, '[data-testid=catalog-no-matches]');
    await page.locator('[data-testid=catalog-status]').getByText('Eliminados').click();
    await page
      .locator('[data-testid=catalog-row]', { hasText: `Sede ${RUN} editada` })
      .getByRole('link')
      .click();
    await page.click('[data-testid=detail-restore]');
    await confirmDialog(page, 'Restaurar');
    await page.locator('[data-testid=deleted-badge]').waitFor({ state: 'detached' });
    await goto(page, `/venues?search=${RUN}`, '[data-testid=catalog-row]');
    expect(await page.locator('[data-testid=catalog-row]').count()).toBe(1);

    // The locations tree finds the new location under its venue's filter and by search.
    await goto(page, `/locations?search=${encodeURIComponent(`Piso ${RUN}`)}`, '[data-testid=location-matches]');
    await page.locator('[data-testid=location-node]', { hasText: `Piso ${RUN}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a data source: rows added, edited and deleted by hand, then a bulk load of rows', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, '/fuentes-de-datos', '[data-testid=source-create]');
    await page.click('[data-testid=source-create]');
    await page.waitForSelector('[data-testid=source-form]');
    await page.getByLabel('Nombre').fill(`Turnos ${RUN}`);
    await page.getByLabel('Descripción').fill('Turnos de trabajo de las sedes');
    await page.click('[data-testid=source-save]');
    await page.locator('[data-testid=detail-title]', { hasText: `Turnos ${RUN}` }).waitFor();
    await page.locator('[data-testid=rows-empty]').waitFor();
    await page.locator('[data-testid=data-source-usage]', { hasText: 'Ningún formulario la usa todavía.' }).waitFor();

    const add = async (key: string, label: string) => {
      await page.fill('[data-testid=new-row-key] >> visible=true', key);
      await page.fill('[data-testid=new-row-label] >> visible=true', label);
      await page.click('[data-testid=add-row]');
    };
    await add('M', 'Mañana');
    await page.locator('[data-testid=source-data-row][data-key=M]').waitFor();
    await add('T', 'Tarde');
    await page.locator('[data-testid=source-data-row][data-key=T]').waitFor();
    // A key in use is refused by the server and said on the key box.
    await add('M', 'Otra mañana');
    await page.getByText('Esa clave ya existe en esta fuente de datos').waitFor();
    expect(await page.getByText('Error while trying to save').count()).toBe(0);
    await page.locator('[data-testid=rows-count]', { hasText: '2 filas' }).waitFor();

    // Edit in place: Enter saves.
    const tarde = page.locator('[data-testid=source-data-row][data-key=T]');
    await tarde.locator('[data-testid=row-edit]').click();
    await tarde.locator('[data-testid=edit-row-label]').fill('Tarde (14 a 22 h)');
    await tarde.locator('[data-testid=edit-row-label]').press('Enter');
    await tarde.getByText('Tarde (14 a 22 h)').waitFor();

    // Delete with confirmation.
    await page.locator('[data-testid=source-data-row][data-key=M] [data-testid=row-delete]').click();
    await confirmDialog(page, 'Eliminar');
    await page.locator('[data-testid=source-data-row][data-key=M]').waitFor({ state: 'detached' });
    await page.locator('[data-testid=rows-count]', { hasText: '1 fila' }).waitFor();
    await shot(page, 'data-source-rows', 'desktop');

    // Bulk load: three rows from a CSV (with the deleted key back).
    await page.click('[data-testid=rows-import]');
    await page.waitForSelector('[data-testid=import-columns]');
    await page.locator('[data-testid=import-upload] input[type=file]').setInputFiles({
      name: 'turnos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('key;label\nM;Mañana\nT;Tarde (14 a 22 h)\nN;Noche\n', 'utf8'),
    });
    await page.locator('[data-testid=import-file-name]', { hasText: 'turnos.csv' }).waitFor();
    await page.click('[data-testid=import-start]');
    await page.waitForURL(/\/fuentes-de-datos\/[0-9a-f-]{36}\/carga-masiva\/\d+$/, { timeout: 60_000 });
    await page.locator('[data-testid=import-job][data-status=VALIDATION_OK]').waitFor({ timeout: 120_000 });
    await shot(page, 'data-source-import-preview', 'desktop');
    await page.click('[data-testid=import-apply]');
    await page.getByRole('dialog').getByRole('button', { name: 'Aplicar', exact: true }).click();
    await page.locator('[data-testid=import-applied]').waitFor({ timeout: 120_000 });
    await page.getByRole('link', { name: 'Ver las filas' }).click();
    await page.locator('[data-testid=rows-count]', { hasText: '3 filas' }).waitFor();
    for (const key of ['M', 'T', 'N']) await page.locator(`[data-testid=source-data-row][data-key=${key}]`).waitFor();

    // Shifts go in the order of the day, not the alphabet's: manual order, the afternoon moved to the top.
    const order = async () => (await page.locator('[data-testid=source-data-row]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')))).join('');
    await expect.poll(order).toBe('MNT');
    await page.getByTestId('rows-order').getByText('Manual').click();
    await page.getByTestId('rows-order-hint').waitFor();
    await page.getByRole('button', { name: 'Subir la fila T' }).click();
    await expect.poll(order).toBe('MTN');
    await page.getByRole('button', { name: 'Subir la fila T' }).click();
    await expect.poll(order).toBe('TMN');
    expect(await page.getByRole('button', { name: 'Subir la fila T' }).isDisabled()).toBe(true);
    await shot(page, 'data-source-manual-order', 'desktop');
    await page.reload();
    await page.getByTestId('rows-order-hint').waitFor();
    await expect.poll(order).toBe('TMN'); // the hint comes with the source, the rows a moment later
    // Far moves from a row's menu.
    await page.getByRole('button', { name: 'Más movimientos de la fila N' }).click();
    await page.getByRole('menuitem', { name: 'Al principio' }).click();
    await expect.poll(order).toBe('NTM');
    await page.getByRole('button', { name: 'Más movimientos de la fila N' }).click();
    await page.getByRole('menuitem', { name: 'Al final' }).click();
    await expect.poll(order).toBe('TMN');

    // To change them in a spreadsheet: the current rows in the import's own columns.
    await page.click('[data-testid=rows-import]');
    await page.getByText('Descarga los datos actuales en estas mismas columnas').waitFor();
    const [current] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=import-current]')]);
    expect(current.suggestedFilename()).toMatch(/^data-source-rows-\d{4}-\d{2}-\d{2}\.csv$/);
    // headed in the screen's language, as the template is
    expect(readFileSync(await current.path(), 'utf8')).toBe('\uFEFFClave,Etiqueta\r\nT,Tarde (14 a 22 h)\r\nM,Mañana\r\nN,Noche\r\n');
    const [template] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=import-template]')]);
    expect(readFileSync(await template.path(), 'utf8')).toBe('\uFEFFClave,Etiqueta\r\n');

    // The file's order becomes the source's when it replaces everything: the night moved to the top counts as the one update.
    await page.getByTestId('import-manual-order').getByText('el orden del archivo pasa a ser el de la fuente').waitFor();
    await page
      .locator('[data-testid=import-upload] input[type=file]')
      .setInputFiles({ name: 'turnos-orden.csv', mimeType: 'text/csv', buffer: Buffer.from('Clave;Etiqueta\nN;Noche\nT;Tarde (14 a 22 h)\nM;Mañana\n', 'utf8') });
    await page.locator('[data-testid=import-file-name]', { hasText: 'turnos-orden.csv' }).waitFor();
    await page.click('[data-testid=import-start]');
    await page.locator('[data-testid=import-job][data-status=VALIDATION_OK]').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid=import-row][data-operation=UPDATE]', { hasText: 'Noche' }).waitFor();
    expect(await page.locator('[data-testid=import-row][data-operation=UPDATE]').count()).toBe(1);
    await shot(page, 'data-source-import-reorder', 'desktop');
    await page.click('[data-testid=import-apply]');
    await page.getByRole('dialog').getByRole('button', { name: 'Aplicar', exact: true }).click();
    await page.locator('[data-testid=import-applied]').waitFor({ timeout: 120_000 });
    await page.getByRole('link', { name: 'Ver las filas' }).click();
    await expect.poll(order).toBe('NTM');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the modules the organisation disabled (demo-norte: stores and companies)', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    const norte = await signInOnTenant(page, 'demo-norte');
    await page.goto(`${norte}/venues`);
    await page.waitForSelector('[data-testid=catalog-tabs]');
    const tabs = page.locator('[data-testid=catalog-tabs]');
    await tabs.getByRole('link', { name: 'Ubicaciones' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Tiendas' }).count()).toBe(0);
    expect(await tabs.getByRole('link', { name: 'Empresas' }).count()).toBe(0);
    await shot(page, 'catalogs-module-disabled-tabs', 'desktop');
    await page.goto(`${norte}/stores`);
    await page.waitForSelector('[data-testid=no-access]');
    await shot(page, 'catalogs-module-disabled-stores', 'desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a member without MANAGE_PEOPLE reads the catalogues but is offered no write', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'operario');
    await goto(page, '/venues', '[data-testid=catalog-row]');
    expect(await page.locator('[data-testid=catalog-create]').count()).toBe(0);
    expect(await page.locator('[data-testid=row-menu]').count()).toBe(0);
    await page.locator('[data-testid=catalog-row]').first().getByRole('link').click();
    await page.waitForSelector('[data-testid=detail-fields]');
    expect(await page.locator('[data-testid=detail-edit], [data-testid=detail-delete]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['mobile'] as const) {
    it(`lists, trees and forms at ${viewport}`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'admin');
      await goto(page, '/venues', '[data-testid=catalog-row]');
      await shot(page, 'catalogs-venues', viewport);
      await expectAccessible(page, `/venues ${viewport}`);
      await page.locator('[data-testid=catalog-row]').first().getByRole('link').first().click();
      await page.waitForSelector('[data-testid=detail-fields]');
      await shot(page, 'catalogs-venue', viewport);
      await page.click('[data-testid=detail-edit]');
      await page.waitForSelector('[data-testid=catalog-form]');
      await shot(page, 'catalogs-venue-edit', viewport);
      await expectAccessible(page, `venue form ${viewport}`);
      await goto(page, '/locations', '[data-testid=location-tree]');
      await shot(page, 'catalogs-locations', viewport);
      await expectAccessible(page, `/locations ${viewport}`);
      await goto(page, '/venue-categories', '[data-testid=catalog-row]');
      await shot(page, 'catalogs-venue-categories', viewport);
      await goto(page, '/fuentes-de-datos', '[data-testid=source-row]');
      await shot(page, 'data-sources', viewport);
      await page.locator('[data-testid=source-row]').first().getByRole('link').click();
      await page.waitForSelector('[data-testid=rows-panel]');
      await page.locator('[data-testid=source-data-row]').first().waitFor();
      await shot(page, 'data-source', viewport);
      await expectAccessible(page, `data source ${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
