import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminApi, expectAccessible, goto, launch, openPage, shot, signInAs, url, VIEWPORT_NAMES, VIEWPORTS } from './helpers.ts';

const RUN = Date.now().toString(36);
const WF = '/api/workflow-backend/v3';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** start (form) → Revisión (form) → Cierre (form) → end: every step assigned to the starter. */
const model = (startForm: string, reviewForm: string, closeForm: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:faena="http://faena.app/schema/bpmn/1.0" id="Defs" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Proceso" isExecutable="true">
    <bpmn:startEvent id="start" faena:formId="${startForm}"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="review" name="Revisión" faena:formId="${reviewForm}"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:userTask id="close" name="Cierre" faena:formId="${closeForm}"><bpmn:incoming>f2</bpmn:incoming><bpmn:outgoing>f3</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end"><bpmn:incoming>f3</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="close" />
    <bpmn:sequenceFlow id="f3" sourceRef="close" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

const form = async (page: Page, name: string, fields: Record<string, unknown>[]) =>
  (await adminApi<{ id: string }>(page, 'POST', '/api/forms/v3/forms/', { name, description: fields.map((f, i) => ({ id: i + 1, required: false, skippable: false, validators: [], ...f })) })).id;

interface Setup {
  typeId: string;
  kanbanId: string;
  typeName: string;
}

/** A published type with a public link, a board and two executions started by the administrator. */
async function setUp(page: Page, viewport: string): Promise<Setup> {
  const startForm = await form(page, `Aviso ${RUN} ${viewport}`, [
    { type: 'text', name: 'title', label: 'Título', required: true },
    { type: 'text', name: 'place', label: 'Lugar' },
  ]);
  const reviewForm = await form(page, `Revisión ${RUN} ${viewport}`, [{ type: 'boolean', name: 'approved', label: 'Aprobado', required: true }]);
  const closeForm = await form(page, `Cierre ${RUN} ${viewport}`, [{ type: 'text', name: 'note', label: 'Nota de cierre' }]);
  const typeName = `Mantención ${RUN} ${viewport}`;
  const type = await adminApi<{ id: string }>(page, 'POST', `${WF}/workflow-types/`, { name: typeName, description: 'Avisos de mantención del edificio' });
  const version = await adminApi<{ id: string }>(page, 'POST', `${WF}/workflow-types/${type.id}/versions/`, { bpmn_xml: model(startForm, reviewForm, closeForm) });
  await adminApi(page, 'POST', `${WF}/versions/${version.id}/publish/`, {});
  await adminApi(page, 'PUT', `${WF}/workflow-types/${type.id}/public-link/`, { enabled: true });
  const kanban = await adminApi<{ id: string }>(page, 'POST', `${WF}/workflow-types/${type.id}/kanbans/`, {
    name: 'Avisos',
    columns: [
      { id: 'c-review', title: 'Revisión', kind: 'task', value: 'review' },
      { id: 'c-close', title: 'Cierre', kind: 'task', value: 'close' },
      { id: 'c-done', title: 'Terminado', kind: 'status', value: 'Success' },
    ],
    card_fields: ['title', 'place'],
  });
  for (const [title, place] of [
    ['Gotera en bodega', 'Bodega 2'],
    ['Luz quemada en pasillo', 'Piso 3'],
  ])
    await adminApi(page, 'POST', `${WF}/workflow-types/${type.id}/executions/`, { variables: { title, place } });
  return { typeId: type.id, kanbanId: kanban.id, typeName };
}

const column = (page: Page, id: string) => page.locator(`[data-testid=kanban-column-${id}]`);
const card = (page: Page, columnId: string, title: string) => column(page, columnId).locator('[data-testid=kanban-card]', { hasText: title });

/** A mouse drag of a card's handle onto a column (the pointer sensor starts after 8 px). */
async function drag(page: Page, from: ReturnType<typeof card>, toColumn: string) {
  const box = await from.locator('[aria-roledescription]').boundingBox();
  const to = await column(page, toColumn).boundingBox();
  if (!box || !to) throw new Error('no boxes to drag between');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
}

async function moveWithMenu(page: Page, title: string, from: string, to: string) {
  await card(page, from, title)
    .getByRole('button', { name: `Mover ${title} a otra columna` })
    .click();
  await page.getByRole('menuitem', { name: to, exact: true }).click();
}

describe('workflows extras: kanban, public start links, executions export', () => {
  for (const viewport of VIEWPORT_NAMES) {
    it(`${viewport}: moves cards on the kanban (the step's form in a modal; a move the model does not allow goes back), starts the type signed out from its public link and tracks it, exports the executions and reads the CSV`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'admin');
      const s = await setUp(page, viewport);

      // ---------------------------------------------------------------- kanban
      await goto(page, `/workflows/${s.typeId}/kanban/${s.kanbanId}`, '[data-testid=kanban-board]');
      await card(page, 'c-review', 'Gotera en bodega').waitFor();
      await expect.poll(() => column(page, 'c-review').locator('[data-testid=kanban-card]').count()).toBe(2);
      await expect.poll(() => card(page, 'c-review', 'Gotera en bodega').textContent()).toContain('Lugar: Bodega 2');
      await shot(page, 'workflows-extras-kanban', viewport);
      await expectAccessible(page, 'kanban board');

      // skipping a step: the menu offers only the next step; a drag there is refused by the server and the card goes back
      await card(page, 'c-review', 'Luz quemada en pasillo').getByRole('button', { name: 'Mover Luz quemada en pasillo a otra columna' }).click();
      await page.getByRole('menuitem', { name: 'Cierre', exact: true }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Terminado', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
      // the menu is gone (its closing transition included) before the next one opens
      await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
      if (viewport === 'desktop') {
        await drag(page, card(page, 'c-review', 'Luz quemada en pasillo'), 'c-done');
        await page.getByText('El flujo no permite ese movimiento: la tarjeta vuelve a su columna.').waitFor();
        await expect.poll(() => card(page, 'c-review', 'Luz quemada en pasillo').count()).toBe(1);
        expect(await card(page, 'c-done', 'Luz quemada en pasillo').count()).toBe(0);
      }

      // Revisión → Cierre: the review's form opens first
      await moveWithMenu(page, 'Gotera en bodega', 'c-review', 'Cierre');
      const dialog = page.getByRole('dialog', { name: 'Revisión → Cierre' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'Sí' }).check();
      await shot(page, 'workflows-extras-kanban-form', viewport);
      await dialog.getByRole('button', { name: 'Completar y mover' }).click();
      await card(page, 'c-close', 'Gotera en bodega').waitFor();
      await expect.poll(() => card(page, 'c-review', 'Gotera en bodega').count()).toBe(0);

      // Cierre → Terminado: dragged on a desktop, through the menu on a phone
      if (viewport === 'desktop') {
        await drag(page, card(page, 'c-close', 'Gotera en bodega'), 'c-done');
      } else {
        await moveWithMenu(page, 'Gotera en bodega', 'c-close', 'Terminado');
      }
      const closing = page.getByRole('dialog', { name: 'Cierre → Terminado' });
      await closing.waitFor();
      await closing.getByRole('textbox', { name: /Nota de cierre/ }).fill('Se cambió la canaleta');
      await closing.getByRole('button', { name: 'Completar y mover' }).click();
      await card(page, 'c-done', 'Gotera en bodega').waitFor();
      await shot(page, 'workflows-extras-kanban-moved', viewport);

      // ---------------------------------------------------------------- public start link, signed out
      const visitor = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'es-CL', hasTouch: viewport === 'mobile', isMobile: viewport === 'mobile' });
      const anon = await visitor.newPage();
      const anonErrors: string[] = [];
      anon.on('pageerror', (error) => anonErrors.push(error.message));
      await anon.goto(url(`/public/workflows/${s.typeId}/by-group/${s.typeId}/start-execution/start?title=${encodeURIComponent('Fuga en baño')}&secret=x`));
      await anon.getByRole('heading', { name: s.typeName }).waitFor({ timeout: 20_000 });
      const title = anon.getByRole('textbox', { name: /Título/ });
      await expect.poll(() => title.inputValue()).toBe('Fuga en baño');
      await anon.getByRole('textbox', { name: /Lugar/ }).fill('Baño del segundo piso');
      await shot(anon, 'workflows-extras-public-form', viewport);
      await expectAccessible(anon, 'public start form');
      await anon.getByRole('button', { name: 'Enviar' }).click();
      await anon.locator('[data-testid=public-receipt]').waitFor();
      const code = (await anon.locator('[data-testid=tracking-code]').textContent())?.trim() ?? '';
      expect(code).toMatch(/^[0-9A-Z]{12}$/);
      await shot(anon, 'workflows-extras-public-receipt', viewport);
      await anon.getByRole('link', { name: 'Ver el estado' }).click();
      await anon.locator('[data-testid=tracking-status]').waitFor();
      await expect.poll(() => anon.locator('[data-testid=tracking-status]').textContent()).toContain('En proceso');
      expect(await anon.locator('[data-testid=tracking-status]').textContent()).toContain('Paso actual: Revisión');
      expect(await anon.locator('body').textContent()).not.toContain('Baño del segundo piso');
      await shot(anon, 'workflows-extras-public-tracking', viewport);
      await expectAccessible(anon, 'public tracking');
      expect(anonErrors).toEqual([]);
      await visitor.close();

      // the board shows the public request live (refetched) with its anonymous starter
      await expect.poll(() => card(page, 'c-review', 'Fuga en baño').textContent(), { timeout: 30_000 }).toContain('Público');

      // ---------------------------------------------------------------- export, downloaded and read
      await goto(page, `/workflows/${s.typeId}/administration`, '[data-testid=export-executions]');
      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      const downloadButton = page.getByRole('button', { name: 'Descargar', exact: true });
      await downloadButton.waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('[data-testid=export-executions]').textContent()).toMatch(/Listo: 3 ejecuciones en .*-ejecuciones-\d{4}-\d{2}-\d{2}\.csv\./);
      await shot(page, 'workflows-extras-export', viewport);
      const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
      expect(download.suggestedFilename()).toMatch(/-ejecuciones-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const rows = Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
      const header = rows[0]!;
      expect(header.slice(0, 7)).toEqual(['ID', 'Estado', 'Iniciado por', 'Iniciado', 'Actualizado', 'Completado', 'Paso actual']);
      expect(header).toEqual(expect.arrayContaining(['Título', 'Lugar', 'Aprobado', 'Nota de cierre']));
      const byTitle = new Map(rows.slice(1).map((r) => [r[header.indexOf('Título')], r]));
      expect(rows.length - 1).toBe(3);
      expect(byTitle.get('Gotera en bodega')?.[header.indexOf('Estado')]).toBe('Completado con éxito');
      expect(byTitle.get('Gotera en bodega')?.[header.indexOf('Nota de cierre')]).toBe('Se cambió la canaleta');
      expect(byTitle.get('Luz quemada en pasillo')?.[header.indexOf('Paso actual')]).toBe('Revisión');
      expect(byTitle.get('Fuga en baño')?.[header.indexOf('Iniciado por')]).toBe('Público');
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);
  }
});
