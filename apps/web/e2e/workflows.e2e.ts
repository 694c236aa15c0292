import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildBpmnXml } from '@faena/domain/workflows/build-xml';
import { adminApi, expectAccessible, goto, launch, openPage, shot, signInAs, VIEWPORT_NAMES } from './helpers.ts';

const RUN = Date.now().toString(36);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** axe on the modeler: the bpmn-js canvas (an SVG drawing surface of its own) is left out. */
async function expectAccessibleModeler(page: Page) {
  const result = await new AxeBuilder({ page }).exclude('[data-testid=bpmn-canvas]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const pad = (page: Page, action: string) =>
  page.click(`.djs-context-pad [data-action="${action}"]`, { timeout: 8000 }).catch(async (error: unknown) => {
    await shot(page, 'workflows-debug', 'desktop');
    console.log('DEBUG', await page.locator('.djs-context-pad').evaluateAll((nodes) => nodes.map((n) => n.outerHTML.slice(0, 1500))));
    throw error;
  });
/** Selects a diagram element (through the modeler's selection service: a click on the SVG shape does not reach bpmn-js under headless Chromium here). */
async function element(page: Page, id: string) {
  await page.evaluate((elementId) => {
    interface Services {
      elementRegistry: { get(id: string): unknown };
      selection: { select(element: unknown): void };
    }
    const modeler = (window as unknown as { __faenaModeler: { get<K extends keyof Services>(name: K): Services[K] } }).__faenaModeler;
    modeler.get('selection').select(modeler.get('elementRegistry').get(elementId));
  }, id);
}

async function pickForm(page: Page, formName: string) {
  const input = page.getByRole('combobox', { name: 'Formulario', exact: true });
  await input.click();
  await input.fill(formName);
  await page.getByRole('option', { name: formName, exact: true }).first().click();
}

describe('workflows', () => {
  for (const viewport of VIEWPORT_NAMES) {
    it(`${viewport}: the administrator creates a process type, draws it in the modeler (a plain task refused), sets forms and conditions, publishes it after confirming and sees it published`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      // the modeler hands itself to the test only on a page marked so (never in production use)
      await context.addInitScript(() => Object.assign(window, { __faenaTestHooks: true }));
      await signInAs(page, 'admin');
      const typeName = `Solicitud de compra ${RUN} ${viewport}`;
      if (viewport === 'mobile') {
        // on a phone the administration list is usable; the modeler is a desktop tool
        await adminApi(page, 'POST', '/api/workflow-backend/v3/workflow-types/', { name: typeName });
        await goto(page, '/advanced', '[data-testid=workflow-type-card]');
        await page.getByRole('link', { name: typeName }).click();
        await page.waitForSelector('[data-testid=versions]');
        await shot(page, 'workflows-admin', viewport);
        await expectAccessible(page, 'workflow type administration (mobile)');
        expect(errors).toEqual([]);
        await context.close();
        return;
      }
      const formName = `Aprobación ${RUN}`;
      await adminApi(page, 'POST', '/api/forms/v3/forms/', {
        name: formName,
        description: [{ id: 1, type: 'boolean', name: 'aprobado', label: '¿Aprobado?', required: true }],
      });

      await goto(page, '/advanced', 'text=Categorías');
      await expectAccessible(page, '/advanced');
      await page.getByRole('link', { name: 'Crear proceso' }).click();
      await page.waitForSelector('h1:has-text("Nuevo proceso")');
      await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(typeName);
      await page.getByRole('button', { name: 'Crear y abrir el modelador' }).click();
      await page.waitForSelector('.djs-palette', { timeout: 15_000 }).catch(async (error: unknown) => {
        await shot(page, 'workflows-debug', viewport);
        console.log('DEBUG', page.url(), errors, (await page.innerText('body')).slice(0, 1500));
        throw error;
      });

      // the palette offers a user task and no plain task; a user task placed from it and deleted again
      expect(await page.locator('.djs-palette [data-action="create.task"]').count()).toBe(0);
      await page.click('.djs-palette [data-action="create.user-task"]');
      const canvas = (await page.locator('[data-testid=bpmn-canvas]').boundingBox())!;
      await page.mouse.click(canvas.x + canvas.width - 120, canvas.y + canvas.height - 90);
      await pad(page, 'delete');

      // start → user task → exclusive gateway → two user tasks → end
      await element(page, 'StartEvent_1');
      await pad(page, 'append.user-task');
      await pad(page, 'append.gateway');
      const gatewayId = await page.locator('.djs-element[data-element-id^="Gateway_"]').first().getAttribute('data-element-id');
      await pad(page, 'append.user-task');
      await pad(page, 'append.end-event');
      await element(page, gatewayId!);
      await pad(page, 'append.user-task');
      await pad(page, 'append.end-event');
      const tasks = await page.locator('.djs-shape[data-element-id^="Activity_"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-element-id')!));
      expect(tasks).toHaveLength(3);

      // a plain task (as a pasted or imported model would bring) is refused and not saved
      const plainId = await page.evaluate(() => {
        interface Services {
          elementFactory: { createShape(attrs: { type: string }): unknown };
          canvas: { getRootElement(): unknown };
          modeling: { createShape(shape: unknown, at: { x: number; y: number }, parent: unknown): { id: string } };
        }
        const modeler = (window as unknown as { __faenaModeler: { get<K extends keyof Services>(name: K): Services[K] } }).__faenaModeler;
        const shape = modeler.get('elementFactory').createShape({ type: 'bpmn:Task' });
        return modeler.get('modeling').createShape(shape, { x: 300, y: 420 }, modeler.get('canvas').getRootElement()).id;
      });
      await page.waitForSelector('[data-testid=plain-task-refused]');
      await shot(page, 'workflows-plain-task', viewport);
      await element(page, plainId);
      await pad(page, 'delete');
      await page.waitForSelector('[data-testid=plain-task-refused]', { state: 'detached' });

      // forms on the three user tasks; the gateway's default flow and a condition on the other one
      for (const [index, id] of tasks.entries()) {
        await element(page, id);
        await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`Paso ${index + 1}`);
        await page.getByRole('textbox', { name: 'Nombre', exact: true }).blur();
        await pickForm(page, formName);
      }
      await element(page, gatewayId!);
      await page.getByRole('combobox', { name: 'Salida por defecto' }).click();
      await page.getByRole('option', { name: 'Paso 2' }).click();
      const condition = page.getByLabel('Condición hacia Paso 3');
      await condition.fill('aprobado == true');
      await condition.blur();
      await page.waitForSelector('[data-testid=save-status][data-status=saved]');
      await shot(page, 'workflows-modeler', viewport);
      await expectAccessibleModeler(page);

      // Guardar y publicar, after its confirmation
      await page.getByRole('button', { name: 'Guardar y publicar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
      await page.waitForSelector('[data-testid=versions]');
      expect(await page.locator('[data-testid=versions]').textContent()).toContain('Publicada');
      await goto(page, '/advanced', '[data-testid=workflow-type-card]');
      const card = page.locator('[data-testid=workflow-type-card]', { hasText: typeName });
      expect(await card.textContent()).toContain('Publicada');

      // the published version opens read-only
      await card.getByRole('link').click();
      await page.getByRole('link', { name: 'Abrir modelador' }).click();
      await page.waitForSelector('[data-testid=published-notice]').catch(async (error: unknown) => {
        await shot(page, 'workflows-debug', viewport);
        console.log('DEBUG', page.url(), errors, (await page.innerText('body')).slice(0, 1500));
        throw error;
      });
      expect(await page.locator('[data-testid=published-notice]').innerText()).toBe("Can't edit a published workflow. You must create a new version.");
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of ['desktop'] as const) {
    it(`${viewport}: the assignee of a user task is a person picked from the directory; a timer boundary from the context pad; undo and redo show in the panel`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await context.addInitScript(() => Object.assign(window, { __faenaTestHooks: true }));
      await signInAs(page, 'admin');
      const WF = '/api/workflow-backend/v3';
      const type = await adminApi<{ id: string }>(page, 'POST', `${WF}/workflow-types/`, { name: `Asignación ${RUN} ${viewport}` });
      const bpmn_xml = buildBpmnXml({
        nodes: [
          { id: 'Start', kind: 'start' },
          { id: 'Review', kind: 'userTask', name: 'Revisar pedido' },
          { id: 'End', kind: 'end' },
        ],
        flows: [
          { id: 'F1', from: 'Start', to: 'Review' },
          { id: 'F2', from: 'Review', to: 'End' },
        ],
      });
      const version = await adminApi<{ id: string }>(page, 'POST', `${WF}/workflow-types/${type.id}/versions/`, { bpmn_xml });
      const supervisora = (await adminApi<{ results: { id: string; name: string }[] }>(page, 'GET', '/api/audiences/v3/persons/?search=supervisora%40faena.test')).results[0]!;
      await goto(page, `/workflows/${type.id}/configuration`, '.djs-palette');

      // "Personas": the directory's picker, not a box for passports
      await element(page, 'Review');
      await page.getByRole('combobox', { name: 'Quién la realiza' }).click();
      await page.getByRole('option', { name: 'Personas', exact: true }).click();
      const picker = page.getByTestId('assignee-picker');
      await picker.getByRole('combobox').fill('supervisora');
      await page.getByRole('option', { name: new RegExp(supervisora.name) }).click();
      await picker.getByText(supervisora.name).waitFor();
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=save-status][data-status=saved]');
      await picker.scrollIntoViewIfNeeded();
      await shot(page, 'workflows-assignee-picker', viewport);
      await expectAccessibleModeler(page);
      const saved = async () => (await adminApi<{ bpmn_xml: string }>(page, 'GET', `${WF}/versions/${version.id}/`)).bpmn_xml;
      expect(await saved()).toContain(`faena:assignees="${supervisora.id}"`);

      // undo and redo from the keyboard on the canvas (which shows its focus): the panel follows the model
      await page.locator('[data-testid=bpmn-canvas] svg').first().focus();
      await page.keyboard.press('Control+z');
      await picker.getByText(supervisora.name).waitFor({ state: 'detached' });
      await shot(page, 'workflows-canvas-focus', viewport);
      const outline = await page
        .locator('[data-testid=bpmn-canvas] svg')
        .first()
        .evaluate((svg) => getComputedStyle(svg).outlineStyle);
      expect(outline).toBe('solid');
      await page.keyboard.press('Control+y');
      await picker.getByText(supervisora.name).waitFor();

      // a timer boundary on the task, from its context pad: an hour by default, then a reminder every hour, 3 times, that leaves the task open
      await element(page, 'Review');
      await pad(page, 'attach.timer-boundary');
      await page.getByTestId('timer-duration').waitFor();
      await page.getByRole('switch', { name: 'Interrumpe la actividad' }).uncheck();
      await page.getByRole('combobox', { name: 'Tipo de temporizador' }).click();
      await page.getByRole('option', { name: 'Ciclo', exact: true }).click();
      await page.getByTestId('timer-cycle').scrollIntoViewIfNeeded();
      await page.waitForSelector('[data-testid=save-status][data-status=saved]');
      await shot(page, 'workflows-timer-boundary', viewport);
      const xml = await saved();
      expect(xml).toMatch(/<bpmn:boundaryEvent [^>]*cancelActivity="false"[^>]*attachedToRef="Review"|<bpmn:boundaryEvent [^>]*attachedToRef="Review"[^>]*cancelActivity="false"/);
      expect(xml).toContain('R3/PT1H');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('desktop: a user task goes to a process variable picked among the person fields of the forms before it; publish lists a variable no earlier form fills', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await context.addInitScript(() => Object.assign(window, { __faenaTestHooks: true }));
    await signInAs(page, 'admin');
    const WF = '/api/workflow-backend/v3';
    const form = (name: string, description: Record<string, unknown>[]) =>
      adminApi<{ id: string }>(page, 'POST', '/api/forms/v3/forms/', { name, description: description.map((f, i) => ({ id: i + 1, required: false, skippable: false, validators: [], ...f })) });
    const derive = await form(`Derivar ${RUN}`, [
      { type: 'user', name: 'encargado', label: 'Encargado' },
      { type: 'venues', name: 'sedes', label: 'Sedes' },
      { type: 'text', name: 'nota', label: 'Nota' },
    ]);
    const review = await form(`Revisión ${RUN}`, [{ type: 'boolean', name: 'ok', label: 'Conforme' }]);
    const type = await adminApi<{ id: string }>(page, 'POST', `${WF}/workflow-types/`, { name: `Derivación ${RUN}` });
    const bpmn_xml = buildBpmnXml({
      nodes: [
        { id: 'Start', kind: 'start', formId: derive.id },
        { id: 'Review', kind: 'userTask', name: 'Atender', formId: review.id, assigneeType: 'variable', assignees: 'fantasma' },
        { id: 'End', kind: 'end' },
      ],
      flows: [
        { id: 'F1', from: 'Start', to: 'Review' },
        { id: 'F2', from: 'Review', to: 'End' },
      ],
    });
    const version = await adminApi<{ id: string }>(page, 'POST', `${WF}/workflow-types/${type.id}/versions/`, { bpmn_xml });
    await goto(page, `/workflows/${type.id}/configuration`, '.djs-palette');

    // validation on the diagram: the saved name no earlier form fills
    await page.getByRole('button', { name: 'Validar' }).click();
    const problems = page.getByTestId('problems');
    await problems.getByText('La actividad de usuario se asigna con la variable «fantasma», que ningún formulario anterior llena con un campo de persona, personas, sede o sedes.').waitFor();

    // the panel keeps it visible, marked invalid, and offers the person and venue fields of the start form
    await element(page, 'Review');
    const variable = page.getByRole('combobox', { name: 'Variable', exact: true });
    await page.getByText('«fantasma» ya no es un campo de persona, personas, sede o sedes de un formulario anterior: elige otra.').waitFor();
    expect(await variable.inputValue()).toBe('fantasma');
    await variable.click();
    const listbox = page.locator(`[id="${await variable.getAttribute('aria-controls')}"]`);
    await listbox.getByRole('option').first().waitFor();
    expect(await listbox.getByRole('option').allTextContents()).toEqual(['fantasma', 'encargado · Persona', 'sedes · Sedes']);
    await shot(page, 'workflows-variable-assignee', 'desktop');
    await listbox.getByRole('option', { name: 'encargado · Persona' }).click();
    await page.waitForSelector('[data-testid=save-status][data-status=saved]');
    expect((await adminApi<{ bpmn_xml: string }>(page, 'GET', `${WF}/versions/${version.id}/`)).bpmn_xml).toContain('faena:assignees="encargado"');
    await page.getByRole('button', { name: 'Validar' }).click();
    await problems.getByText('El diagrama no tiene problemas.').waitFor();
    await expectAccessibleModeler(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
