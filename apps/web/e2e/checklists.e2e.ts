import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminApi, expectAccessible, goto, launch, openPage, shot, signInAs, type ViewportName } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = Date.now().toString(36);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** Adds an item of a type to a section with the form builder's picker and names it; answers its open card. */
async function addItem(page: Page, section: number, type: string, label: string): Promise<Locator> {
  await page.getByTestId(`add-item-${section}`).click();
  await page.getByRole('menu').getByTestId(`pick-${type}`).click();
  const card = page.locator('[data-open]').last();
  await card.getByTestId('setting-label').fill(label);
  return card;
}

async function sign(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(testId);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (const [x, y] of [
    [80, 60],
    [140, 130],
    [200, 50],
    [260, 120],
  ] as const)
    await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.up();
}

/** Builds "Apertura de tienda" through the UI: three sections, a yes/no item, a failing choice and a comment, 80 % to pass, the executor signs. */
async function buildChecklist(page: Page, viewport: ViewportName, name: string): Promise<string> {
  await goto(page, '/checklist-administration', '[data-testid=add-category]');
  await page.getByTestId('add-category').click();
  await page.getByTestId('category-new-name').fill(`Tiendas ${RUN} ${viewport}`);
  await page.getByTestId('category-new-name').press('Enter');
  await page.getByTestId('new-checklist').waitFor();
  await expect.poll(() => page.url()).toMatch(/\/checklist-administration\/[^/]+$/);
  const category = page.url().split('/').pop()!;
  await page.locator(`[data-testid=new-checklist][href$="/${category}"]`).click();
  await page.getByTestId('checklist-name').fill(name);

  await page.getByTestId('section-0').getByTestId('section-title-input').fill('Seguridad');
  const extintor = await addItem(page, 0, 'boolean', 'Extintor cargado');
  await extintor.getByTestId('setting-required').check();
  await extintor.getByTestId('item-scored').check();

  await page.getByTestId('add-section').click();
  await page.getByTestId('section-1').getByTestId('section-title-input').fill('Pasillos');
  const orden = await addItem(page, 1, 'multiple_choice', 'Orden del pasillo');
  await orden.getByTestId('setting-required').check();
  await orden.getByTestId('item-scored').check();
  await orden.getByTestId('fails-Opción 2').check();
  await shot(page, 'checklists-builder', viewport);

  await page.getByTestId('add-section').click();
  await page.getByTestId('section-2').getByTestId('section-title-input').fill('Cierre');
  await addItem(page, 2, 'text', 'Comentario final');

  await page.getByTestId('tab-settings').click();
  await page.getByTestId('pass-mark').fill('80');
  await page.getByTestId('sign-executor').check();
  await page.getByTestId('checklist-save').click();
  await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/\/checklists\/update\/[^/]+$/);
  await page.getByTestId('checklist-version').waitFor();
  return page.url().split('/').pop()!;
}

describe('checklists', () => {
  it(
    'mobile: builds a 3-section checklist with a failing item, executes it with a photo and a signature, resumes after a reload, submits, sees the score, raises a corrective activity, downloads the PDF and sends it by e-mail',
    { timeout: 300_000 },
    async () => {
      const viewport = 'mobile';
      const name = `Apertura de tienda ${RUN}`;
      const { page, errors } = await openPage(browser, viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signInAs(page, 'admin');
      const id = await buildChecklist(page, viewport, name);

      // what I can execute: the checklist, then its first section
      await goto(page, '/checklists', `[data-testid=checklist-card-${id}]`);
      await shot(page, 'checklists-home', viewport);
      await expectAccessible(page, 'checklists home (mobile)');
      await page.getByTestId(`checklist-card-${id}`).getByTestId('execute-checklist').click();
      await page.getByTestId('execution-start').click();
      await page.getByTestId('section-title').waitFor();
      expect(await page.getByTestId('section-title').textContent()).toBe('Seguridad');
      expect(await page.getByTestId('runner-step').textContent()).toContain('Sección 1 de 3');

      // section 1: yes, with a photo on the item
      await page.getByTestId('field-extintor_cargado').getByText('Sí').click();
      await page.getByTestId('item-photos-toggle-extintor_cargado').click();
      await page.getByTestId('item-extras-extintor_cargado').locator('input[type=file]').setInputFiles({ name: 'extintor.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('item-photos-toggle-extintor_cargado').getByText('1 foto').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid=save-status][data-status=saved]').waitFor({ timeout: 20_000 });
      await shot(page, 'checklists-execute', viewport);
      await expectAccessible(page, 'checklist execution (mobile)');
      await page.getByTestId('form-submit').click();

      // section 2: the failing option; then the tab dies and comes back
      await expect.poll(() => page.getByTestId('section-title').textContent()).toBe('Pasillos');
      await page.getByTestId('field-orden_del_pasillo').getByText('Opción 2').click();
      await page
        .locator('[data-testid=save-status][data-status=pending]')
        .waitFor()
        .catch(() => undefined);
      await page.locator('[data-testid=save-status][data-status=saved]').waitFor({ timeout: 20_000 });
      await page.reload({ waitUntil: 'load' });
      await page.getByTestId('section-title').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('section-title').textContent()).toBe('Pasillos');
      expect(await page.getByTestId('field-orden_del_pasillo').getByRole('radio', { name: 'Opción 2' }).isChecked()).toBe(true);
      expect(await page.getByTestId('runner-step').textContent()).toContain('2 de 3 respondidos');
      await page.getByTestId('form-submit').click();

      // section 3, then the signature and the submit
      await expect.poll(() => page.getByTestId('section-title').textContent()).toBe('Cierre');
      await page.getByTestId('field-comentario_final').locator('input, textarea').first().fill('Pasillo 3 con cajas');
      await page.getByTestId('form-submit').click();
      await page.getByTestId('sign-step').waitFor();
      await page.getByTestId('execution-submit').click();
      await page.getByText('La firma es obligatoria').waitFor();
      await sign(page, 'signature-executor');
      await shot(page, 'checklists-sign', viewport);
      await page.getByTestId('execution-submit').click();

      // the result: 50 % (yes 1 of 1, the failing option 0 of 1) under 80 % → reprobado, the failed item
      await page.getByTestId('execution-result').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('execution-score').textContent()).toBe('50%');
      expect(await page.getByTestId('result-badge').textContent()).toBe('Reprobado');
      await page.getByTestId('failed-orden_del_pasillo').waitFor();
      await shot(page, 'checklists-result', viewport);
      await expectAccessible(page, 'checklist result (mobile)');

      // a corrective activity for the failed item
      await page.getByTestId('create-action-orden_del_pasillo').click();
      await page.getByTestId('action-form').waitFor();
      await page.getByTestId('action-responsible').fill('Camila');
      await page
        .getByRole('option', { name: /Camila Rojas/ })
        .first()
        .click();
      await shot(page, 'checklists-action', viewport);
      await page.getByTestId('action-save').click();
      await page.getByTestId('failed-orden_del_pasillo').getByTestId('action-row').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('failed-orden_del_pasillo').getByTestId('action-row').textContent()).toContain('Corregir: Orden del pasillo');

      // the execution's detail and its PDF
      await page.getByRole('link', { name: 'Ver el detalle' }).click();
      await page.getByTestId('execution-report').waitFor();
      expect(await page.getByTestId('answer-orden_del_pasillo').getAttribute('data-failed')).toBe('yes');
      await page.getByTestId('signature-view').waitFor();
      await shot(page, 'checklists-detail', viewport);
      const [pdf] = await Promise.all([page.waitForResponse((response) => response.url().includes('/report.pdf'), { timeout: 60_000 }), page.getByTestId('download-pdf').click()]);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      // …and sent by e-mail with the PDF attached (the outbox is the delivery here)
      await page.getByTestId('mail-report').click();
      await page.getByTestId('report-mail-form').waitFor();
      await page.getByTestId('report-mail-emails').fill('jefa.de.tienda@example.com');
      await page.getByTestId('report-mail-emails').press('Enter');
      await page.getByTestId('report-mail-message').fill('Revisar el pasillo antes de abrir.');
      await shot(page, 'checklists-mail', viewport);
      const [mailed] = await Promise.all([page.waitForResponse((response) => response.url().includes('/report-mail/'), { timeout: 60_000 }), page.getByTestId('report-mail-send').click()]);
      expect(mailed.status()).toBe(200);
      expect(await mailed.json()).toMatchObject({ recipients: ['jefa.de.tienda@example.com'] });
      await page.getByTestId('report-mail-form').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    },
  );

  it('desktop: the administrator builds a checklist, sees it in the administration and the executions list with its filters', { timeout: 240_000 }, async () => {
    const viewport = 'desktop';
    const { page, errors } = await openPage(browser, viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(page, 'admin');
    const name = `Cierre de bodega ${RUN}`;
    const id = await buildChecklist(page, viewport, name);
    // a failed draft made through the API: the executions list filters it out of "aprobado"
    const draft = await adminApi<{ id: string }>(page, 'POST', `/api/checklists/v3/checklists/${id}/executions/`, {});
    expect(draft.id).toBeTruthy();
    await page.getByTestId('tab-numbers').click();
    await page.getByTestId('stats-charts').waitFor();
    await page.locator('a[href^="/checklist-administration/"]', { hasText: 'Administración de checklists' }).first().click();
    await page.getByTestId('admin-checklists').getByText(name).waitFor();
    await shot(page, 'checklists-admin', viewport);
    await expectAccessible(page, 'checklist administration');
    await goto(page, '/checklists/executions?status=draft', '[data-testid=executions-table]');
    await page.getByTestId('executions-table').getByText(name).first().waitFor();
    await shot(page, 'checklists-executions', viewport);
    await expectAccessible(page, 'checklist executions');
    expect(errors).toEqual([]);
  });
});
