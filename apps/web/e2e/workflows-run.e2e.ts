import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, goto, launch, openPage, shot, signInAs, VIEWPORT_NAMES, type ViewportName } from './helpers.ts';

/**
 * Running the demo's "Solicitud de compra" (decision 025): the operator starts it (on a phone from its
 * tab) with the start form, confirms the first step (theirs), the administrator approves it from the
 * inbox, and the operator sees the execution finished in its detail, with the diagram.
 */
const RUN = Date.now().toString(36);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the start form: on a phone from the workflow's tab (behind the plus button), on a desktop from /workflows. */
async function openStartForm(page: Page, viewport: ViewportName): Promise<void> {
  if (viewport === 'mobile') {
    await page.waitForSelector('[data-testid=tab-bar]');
    await page.click('[data-testid=tab-more]');
    const overflow = page.getByRole('dialog', { name: 'Más secciones' });
    // exact: other journeys publish types whose names start the same way
    await overflow.getByRole('link', { name: 'Solicitud de compra', exact: true }).click();
    await page.waitForURL(/\/workflows\/[^/]+\/dispatch-action$/);
  } else {
    await goto(page, '/workflows', '[data-testid=workflow-type]');
    await shot(page, 'workflows-home', viewport);
    await page
      .getByRole('link', { name: /Solicitud de compra/ })
      .first()
      .click();
    await page.waitForSelector('[data-testid=start-execution]');
    await page.click('[data-testid=start-execution]');
    await page.waitForURL(/\/execute$/);
  }
  await page.getByLabel('Producto o servicio').waitFor();
}

describe.each(VIEWPORT_NAMES)('running a workflow (%s)', (viewport) => {
  it('start with the start form, confirm my step, a second person approves from the inbox, the starter sees it finished with the diagram', async () => {
    const operator = await openPage(browser, viewport);
    const admin = await openPage(browser, viewport);
    const product = `Notebook ${RUN} ${viewport}`;

    // 1. the operator starts the demo workflow; the start form validates before anything is sent
    await signInAs(operator.page, 'operario');
    await openStartForm(operator.page, viewport);
    await operator.page.getByLabel('Producto o servicio').fill(product);
    await operator.page.getByRole('button', { name: 'Iniciar' }).click();
    await operator.page.getByText('This field is required').first().waitFor();
    await operator.page.getByLabel('Monto (CLP)').fill('450000');
    await shot(operator.page, 'workflow-start-form', viewport);
    await operator.page.getByRole('button', { name: 'Iniciar' }).click();

    // 2. its first step is the operator's own: straight to the task, the request's answers above it
    await operator.page.waitForURL(/\/executions\/[^/]+\/[^/?]+\?task=/);
    const executionId = new URL(operator.page.url()).pathname.split('/').pop()!;
    const task = operator.page.getByTestId('task-section');
    await task.getByRole('heading', { name: 'Confirmar solicitud' }).waitFor();
    await operator.page.getByTestId('execution-answers').getByText(product).waitFor();
    await shot(operator.page, 'workflow-task-form', viewport);
    await task.getByRole('radio', { name: 'Sí' }).check();
    await task.getByRole('button', { name: 'Completar tarea' }).click();
    // the next step is the administrator's: the execution stands at it
    await operator.page.waitForURL((address) => !address.search.includes('task='));
    await operator.page.getByTestId('current-step').filter({ hasText: 'Aprobar compra' }).waitFor();
    expect(await operator.page.getByTestId('execution-status').textContent()).toBe('En proceso');

    // 3. the administrator finds it in "Mis tareas" and approves it
    await signInAs(admin.page, 'admin');
    await goto(admin.page, '/workflows?tab=tasks', '[data-testid=task-inbox]');
    const row = admin.page.locator(`[data-testid=inbox-task][href*="${executionId}"]`);
    expect(await row.textContent()).toContain('Aprobar compra');
    await shot(admin.page, 'workflow-inbox', viewport);
    await row.click();
    const approval = admin.page.getByTestId('task-section');
    await approval.getByRole('heading', { name: 'Aprobar compra' }).waitFor();
    // the context: the request and the operator's confirmation, with who answered
    const answers = admin.page.getByTestId('execution-answers');
    await answers.getByText(product).waitFor();
    expect(await answers.getByTestId('answer-block').count()).toBe(2);
    await approval.getByRole('radio', { name: 'Sí' }).check();
    await approval.getByRole('button', { name: 'Completar tarea' }).click();
    await admin.page.waitForURL((address) => !address.search.includes('task='));
    await admin.page.getByTestId('execution-status').filter({ hasText: 'Finalizado' }).waitFor();

    // 4. the operator sees it finished: status in words, history, the diagram with the path taken
    await goto(operator.page, `${new URL(operator.page.url()).pathname}`, '[data-testid=execution-status]');
    await operator.page.getByTestId('execution-status').filter({ hasText: 'Finalizado' }).waitFor();
    await operator.page.getByTestId('execution-history').getByText('Tarea completada: Aprobar compra').waitFor();
    await operator.page.waitForSelector('[data-testid=execution-diagram][data-ready] .wf-done');
    expect(await operator.page.locator('[data-testid=execution-diagram] .wf-done').count()).toBeGreaterThanOrEqual(4);
    await operator.page.getByTestId('execution-diagram').scrollIntoViewIfNeeded();
    await shot(operator.page, 'workflow-execution-detail', viewport);

    // 5. the executions list: the status filter in words finds it
    const typePath = new URL(operator.page.url()).pathname.split('/executions/')[0]!;
    await goto(operator.page, `${typePath}/executions?status=Success`, '[data-testid=execution-row]');
    expect(await operator.page.locator(`[data-testid=execution-row][href$="${executionId}"]`).count()).toBe(1);
    await shot(operator.page, 'workflow-executions', viewport);
    await expectAccessible(operator.page, 'executions list');

    expect(operator.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await operator.context.close();
    await admin.context.close();
    // two people and a dozen screens on a shared machine: more than the suite's default minute
  }, 150_000);
});
