import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminApi, DEMO_PASSWORD, expectAccessible, goto, launch, openPage, shot, signInAs, url, VIEWPORT_NAMES } from './helpers.ts';
import { formatRut } from '@faena/domain';

/** This run's bulk-loaded people (unique, so the file also runs against a long-lived server). */
const RUN = Date.now().toString(36);
const RUT_BASE = 30_000_000 + (Date.now() % 6_000) * 10_000;
const bulkName = (i: number) => `Persona Masiva ${RUN} ${String(i).padStart(4, '0')}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function peopleXlsx(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Personas');
  sheet.addRow(['Nombre', 'Correo', 'RUT', 'Teléfonos', 'Cargo', 'Origen', 'Rol']);
  for (let i = 0; i < count; i++) {
    sheet.addRow([bulkName(i), `masiva${i}.${RUN}@faena.test`, formatRut(RUT_BASE + i), `+56 9 ${20_000_000 + i}`, 'Operario de Bodega', i % 2 ? 'contratista' : 'propia', 'Operario']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Picks an option of a server-searched select by typing part of its label. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  const input = page.locator(`[data-testid=${testId}]`);
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text, 'i') })
    .first()
    .click();
}

describe('people', () => {
  /** The people list as the HR administrator, searched down to ten of the bulk-loaded people (`persona masiva {RUN} 00{tens}`). */
  async function openBulkLoaded(tens: string) {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    const query = encodeURIComponent(`persona masiva ${RUN} 00${tens}`);
    await goto(page, `/people?q=${query}`, '[data-testid=person-row]');
    const rows = page.locator('[data-testid=person-row]');
    await expect.poll(() => rows.count()).toBe(10);
    return { page, context, errors, rows, query };
  }

  it('creates a person through the form: per-type document checks, a taken e-mail mapped onto its field, then the detail and the list', async () => {
    // Unique per run, so the test also passes against a long-lived server (E2E_BASE_URL).
    const stamp = Date.now().toString(36);
    const name = `Rosa Ñúñez ${stamp}`;
    const email = `rosa.nunez.${stamp}@faena.test`;
    const document = formatRut(24_000_000 + (Date.now() % 1_000_000));
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    await goto(page, '/people', '[data-testid=person-row]');
    await page.click('[data-testid=person-create]');
    await page.waitForSelector('[data-testid=person-form]');

    // Nothing typed: the required name is flagged and nothing is sent.
    await page.click('[data-testid=person-save]');
    await page.getByText('This field is required').waitFor();
    expect(page.url()).toMatch(/\/people\/create$/);

    // A name already here warns, with the person to check; the new person's own name does not.
    await page.fill('[data-testid=person-name]', 'agustin diaz');
    await page.locator('[data-testid=person-duplicates]', { hasText: 'Ya hay una persona con un nombre parecido' }).getByRole('link', { name: 'Agustín Díaz Morales' }).waitFor();
    await shot(page, 'people-form-duplicates', 'desktop');
    await page.fill('[data-testid=person-name]', name);
    await page.locator('[data-testid=person-duplicates]').waitFor({ state: 'detached' });
    // admin@faena.test belongs to the administrator: the server's 400 lands under the e-mail.
    await page.fill('[data-testid=person-email]', 'admin@faena.test');
    await page.click('[data-testid=person-add-document]');
    await page.fill('[data-testid=person-document-number-0]', '12345678-9');
    await page.locator('[data-testid=person-document-number-0]').blur();
    await page.getByText('Invalid RUT').waitFor();
    await page.fill('[data-testid=person-document-number-0]', document);
    await page.locator('[data-testid=person-document-number-0]').blur();
    expect(await page.getByText('Invalid RUT').count()).toBe(0);
    await page.getByRole('button', { name: 'Agregar teléfono' }).click();
    await page.getByLabel('Teléfono 1', { exact: true }).fill('+56 9 8765 4321');
    await pick(page, 'person-positions', 'Operario');
    // an empty choice says so, not a blank box
    expect(await page.getByTestId('person-origin').getAttribute('placeholder')).toBe('Sin indicar');
    expect(await page.getByTestId('person-company').getAttribute('placeholder')).toBe('Sin empresa');
    await page.click('[data-testid=person-origin]');
    await page.getByRole('option', { name: 'Empresa contratista' }).click();

    await page.click('[data-testid=person-save]');
    await page.getByText('Email already in use').waitFor();
    expect(page.url()).toMatch(/\/people\/create$/);
    await shot(page, 'people-form-errors', 'desktop');

    await page.fill('[data-testid=person-email]', email);
    await page.click('[data-testid=person-save]');
    await page.waitForSelector('[data-testid=person-detail]');
    expect(await page.locator('[data-testid=person-title]').textContent()).toBe(name);
    await page.getByText(email).first().waitFor();
    await page.getByText(document).waitFor();
    await page.getByText('Empresa contratista').waitFor();
    // typed as "+56 9 8765 4321", kept as +56987654321, read grouped again; it dials the number
    expect(await page.getByRole('link', { name: '+56 9 8765 4321' }).getAttribute('href')).toBe('tel:+56987654321');

    // Two editors at once: while this form is open someone else changes the phone; saving the
    // address sends the address alone, so their phone stays.
    const personId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.click('[data-testid=person-edit]');
    await page.waitForSelector('[data-testid=person-form]');
    await adminApi(page, 'PATCH', `/api/audiences/v3/persons/${personId}/`, { phones: [{ number: '+56911112222', label: null }] });
    await page.getByLabel('Dirección').fill('Av. Matta 1200, Santiago');
    await page.click('[data-testid=person-save]');
    await page.waitForSelector('[data-testid=person-detail]');
    await page.getByText('Av. Matta 1200, Santiago').waitFor();
    await page.getByRole('link', { name: '+56 9 1111 2222' }).waitFor();
    expect(await page.getByRole('link', { name: '+56 9 8765 4321' }).count()).toBe(0);

    // Found by a phone the list does not show: the row says which one.
    await goto(page, `/people?q=${encodeURIComponent('1111 2222')}`, '[data-testid=person-row]');
    await page.locator('[data-testid=person-row]', { hasText: name }).getByTestId('person-search-match').filter({ hasText: 'Coincide con el teléfono +56 9 1111 2222' }).waitFor();
    expect(await page.locator('[data-testid=person-row]', { hasText: name }).getByTestId('person-search-match').getByTestId('search-mark').allTextContents()).toEqual(['1111 2222']);
    await shot(page, 'people-search-phone', 'desktop');
    // Found by the start of her RUT: it is marked in the documents column.
    await goto(page, `/people?q=${encodeURIComponent(document.slice(0, 6))}`, '[data-testid=person-row]');
    await expect.poll(() => page.locator('[data-testid=person-row]', { hasText: name }).getByTestId('search-mark').allTextContents()).toEqual([document.slice(0, 6)]);
    await page.locator('[data-testid=person-row]', { hasText: name }).getByRole('link', { name }).click();
    await page.waitForSelector('[data-testid=person-detail]');

    // Disable with confirmation, then the list (active people) no longer shows her; all statuses do.
    await page.click('[data-testid=person-toggle-disabled]');
    await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
    await page.locator('[data-testid=person-status]', { hasText: 'Deshabilitada' }).waitFor();
    await goto(page, `/people?q=${encodeURIComponent(`rosa nunez ${stamp}`)}`, '[data-testid=people-count]');
    await page.locator('[data-testid=people-count]', { hasText: '0 personas' }).waitFor();
    await page.locator('[data-testid=filter-status] label', { hasText: 'Todas' }).click();
    await page.locator('[data-testid=person-row]', { hasText: name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('manages a person from the detail: permissions saved, an invitation with its link, impersonation and back', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');

    // Permissions of a person who has an account: give VIEW_PEOPLE, save, reload, it is there; take it back.
    await goto(page, `/people?q=${encodeURIComponent('matias gonzalez')}`, '[data-testid=person-row]');
    await page.locator('[data-testid=person-row]', { hasText: 'Matías González' }).getByText('Matías González').click();
    const viewPeople = page.locator('input[data-testid=permission-VIEW_PEOPLE]');
    const viewChart = page.locator('input[data-testid=permission-VIEW_ORG_CHART]');
    await viewPeople.waitFor();
    const before = await viewPeople.isChecked();
    expect(await viewChart.isChecked()).toBe(false);
    await viewPeople.click();
    // Meanwhile another manager (in another browser) gives him VIEW_ORG_CHART: saving here sends
    // only the key turned on or off on this page, so theirs stays.
    const other = await openPage(browser, 'desktop');
    await other.page.goto(url('/api/health'));
    const matias = await adminApi<{ passport: string }>(other.page, 'GET', `/api/audiences/v3/persons/${new URL(page.url()).pathname.split('/').at(-1)!}/`);
    await adminApi(other.page, 'PATCH', `/api/permissions/v3/by-passport/${encodeURIComponent(matias.passport)}`, { added: ['VIEW_ORG_CHART'] });
    await other.context.close();
    await page.click('[data-testid=permissions-save]');
    await page.getByText('Permisos guardados').waitFor();
    await page.reload({ waitUntil: 'load' });
    await viewPeople.waitFor();
    expect(await viewPeople.isChecked()).toBe(!before);
    expect(await viewChart.isChecked()).toBe(true);
    // Both back as they were, in one save.
    await viewPeople.click();
    await viewChart.click();
    await page.click('[data-testid=permissions-save]');
    await page.getByText('Permisos guardados').first().waitFor();

    // Impersonation: confirmation, then the shell's banner; its exit button gives the session back.
    await page.click('[data-testid=person-impersonate]');
    await page.getByRole('dialog').getByRole('button', { name: 'Suplantar' }).click();
    await page.locator('[data-testid=impersonation-banner]', { hasText: 'impersonating Matías González' }).waitFor();
    await page.locator('[data-testid=impersonation-banner]').getByRole('button').click();
    await page.locator('[data-testid=impersonation-banner]').waitFor({ state: 'detached' });

    // An invitation for someone without an account: the dialog shows the link to share.
    await goto(page, `/people?q=${encodeURIComponent('fernanda perez')}`, '[data-testid=person-row]');
    await page.locator('[data-testid=person-row]', { hasText: 'Fernanda Pérez Araya' }).getByText('Fernanda Pérez Araya').click();
    await page.click('[data-testid=person-invite]');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Invitación enviada').waitFor();
    expect(await dialog.getByRole('textbox').inputValue()).toMatch(/\/from-invite\?/);
    await shot(page, 'people-invite', 'desktop');

    // The invitation is at once the newest line of her history, under the name of who sent it.
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    const newest = page.locator('[data-testid=person-history-entry]').first();
    await expect.poll(() => newest.getAttribute('data-action'), { timeout: 10_000 }).toBe('auth.invite.create');
    expect(await newest.textContent()).toMatch(/^Envió una invitación a fernanda\.perez.*Valentina Muñoz · /);
    // and her access says so
    await page.locator('[data-testid=person-access-status][data-status=INVITED]', { hasText: 'Invitación enviada' }).waitFor();
    await page.locator('[data-testid=person-status]', { hasText: 'Invitada' }).waitFor();
    expect(await page.getByTestId('person-invite').textContent()).toBe('Reenviar invitación');

    // His history: the impersonation (ended while impersonating him) and both permission saves, newest first.
    await goto(page, `/people?q=${encodeURIComponent('matias gonzalez')}`, '[data-testid=person-row]');
    await page.locator('[data-testid=person-row]', { hasText: 'Matías González' }).getByText('Matías González').click();
    const entries = page.locator('[data-testid=person-history-entry]');
    await entries.first().waitFor();
    // a reload first shows the history kept on the device (decision 031), then the one read again: wait for the latter
    await expect
      .poll(() => entries.evaluateAll((items) => items.slice(0, 5).map((item) => item.getAttribute('data-action'))), { timeout: 15_000 })
      .toEqual(['auth.impersonation.stop', 'auth.impersonation.start', 'permissions.change', 'permissions.change', 'permissions.change']);
    expect(await entries.nth(0).textContent()).toContain('Valentina Muñoz, suplantando a Matías González');
    expect(await entries.nth(2).textContent()).toMatch(
      before ? /^Cambió los permisos: agregó Ver personas; quitó Ver organigramaValentina Muñoz · / : /^Cambió los permisos: quitó Ver organigrama, Ver personasValentina Muñoz · /,
    );
    expect(await entries.nth(4).textContent()).toMatch(/^Cambió los permisos: agregó Ver organigramaAdministración Faena · /);
    await page.getByTestId('person-history').scrollIntoViewIfNeeded();
    await shot(page, 'people-history', 'desktop');

    // His phone is lost: he signed in on it; every session of his is closed from here.
    const phone = await page.evaluate(async (password) => {
      const response = await fetch('/api/auth/v3/sign-in/password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'operario@faena.test', password }),
      });
      return ((await response.json()) as { id_token: string }).id_token;
    }, DEMO_PASSWORD);
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-testid=person-access-status][data-status=ACTIVE]').waitFor();
    await page.getByTestId('person-access-status').scrollIntoViewIfNeeded();
    await shot(page, 'people-access', 'desktop');
    await page.click('[data-testid=person-sign-out-everywhere]');
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar sesiones' }).click();
    await page.getByText(/^Se cerr(ó|aron) \d+ sesi(ón|ones) de Matías González$/).waitFor();
    await page.locator('[data-testid=person-access-sessions]', { hasText: '0 dispositivos' }).waitFor();
    const after = await page.evaluate(async (token) => (await fetch('/api/auth/v3/me', { headers: { authorization: `Bearer ${token}` } })).status, phone);
    expect(after).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('bulk-loads 1,000 people from an XLSX file, previews, applies and finds one of them', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    await goto(page, '/people', '[data-testid=person-row]');
    await page.click('[data-testid=people-more]');
    await page.click('[data-testid=people-upload-link]');
    await page.waitForSelector('[data-testid=import-columns]');
    await page.locator('[data-testid=import-upload] input[type=file]').setInputFiles({
      name: 'personas-masivas.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await peopleXlsx(1000),
    });
    await page.locator('[data-testid=import-file-name]', { hasText: 'personas-masivas.xlsx' }).waitFor();
    await page.click('[data-testid=import-start]');

    await page.waitForURL(/\/people-bulk-load\/\d+$/, { timeout: 60_000 });
    const jobUrl = page.url();
    await page.locator('[data-testid=import-job][data-status=VALIDATION_OK]').waitFor({ timeout: 120_000 });
    expect(await page.locator('[data-testid=import-counts] [data-operation=ADD]').textContent()).toContain('1.000');
    expect(await page.locator('[data-testid=import-counts] [data-operation=ERROR]').textContent()).toContain('0');
    expect(await page.locator('[data-testid=import-row]').count()).toBe(50);
    // counts in sentences are grouped like the cards' ("1.000", not "1000")
    expect(await page.locator('[data-testid=import-ready]').textContent()).toContain('1.000 cambios listos para aplicar');
    await page.getByText(bulkName(0)).waitFor();
    await shot(page, 'people-import-preview', 'desktop');
    // the whole preview as a file, every row of the sheet
    const jobId = jobUrl.split('/').pop()!;
    const [preview] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=import-rows-download]')]);
    expect(preview.suggestedFilename()).toBe(`importacion-${jobId}.csv`);
    const lines = readFileSync(await preview.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]!.replace(/^\uFEFF/, '')).toBe('fila,clave,etiqueta,operacion,columna,codigo_error,error,valor,cambios');
    expect(lines).toHaveLength(1001);
    expect(lines[1]).toContain(`,${bulkName(0)},ADD,,,`);
    // one person found among the thousand rows by name
    await page.fill('[data-testid=import-rows-search]', `masiva ${RUN} 0777`);
    await page.locator('[data-testid=import-rows-matches]', { hasText: '1 fila coincide' }).waitFor();
    await expect.poll(() => page.locator('[data-testid=import-row]').count()).toBe(1);
    expect(await page.locator('[data-testid=import-row]').textContent()).toContain(bulkName(777));
    await shot(page, 'people-import-search', 'desktop');
    await page.fill('[data-testid=import-rows-search]', '');
    await expect.poll(() => page.locator('[data-testid=import-row]').count()).toBe(50);

    await page.click('[data-testid=import-apply]');
    await page.getByRole('dialog').getByRole('button', { name: 'Aplicar', exact: true }).click();
    await page.locator('[data-testid=import-applied]').waitFor({ timeout: 120_000 });
    await shot(page, 'people-import-applied', 'desktop');
    await expectAccessible(page, 'import applied');

    await page.getByRole('link', { name: 'Ver personas' }).click();
    await page.waitForSelector('[data-testid=person-row]');
    await page.fill('[data-testid=people-search]', bulkName(777));
    await page.locator('[data-testid=person-row]', { hasText: bulkName(777) }).waitFor();
    expect(await page.locator('[data-testid=person-row]').count()).toBe(1);
    await page.fill('[data-testid=people-search]', `Persona Masiva ${RUN}`);
    await page.locator('[data-testid=people-count]', { hasText: '1.000 personas' }).waitFor();
    // Newest first, the whole list starts with the people just loaded.
    await page.fill('[data-testid=people-search]', '');
    await page.getByTestId('people-order').click();
    await page.getByRole('option', { name: 'Más recientes' }).click();
    await page.waitForURL(/order=recent/);
    await expect.poll(async () => (await page.locator('[data-testid=person-row]').first().textContent()) ?? '').toContain(`Persona Masiva ${RUN}`);

    // The creator is told the load was applied; the notification opens the job's page.
    const jobPath = new URL(jobUrl).pathname;
    await goto(page, '/notifications', '[data-testid=notification-item]');
    await page.locator('[data-testid=notification-item]', { hasText: 'La carga masiva se aplicó' }).first().locator('[data-testid=notification-open]').click();
    await page.waitForURL((url) => url.pathname === jobPath);
    await page.locator('[data-testid=import-job][data-status=APPLY_OK]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads three of them again: the preview names what each update changes by the file’s own headers, and is discarded', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    await goto(page, '/people-upload', '[data-testid=import-columns]');
    const phone = (i: number) => `+56 9 ${20_000_000 + i}`;
    const file = [
      'Nombre;Correo;Teléfonos;Origen',
      `${bulkName(3)};masiva3.${RUN}@faena.test;+56 9 3000 0003;contratista`,
      `${bulkName(4)} Editada;masiva4.${RUN}@faena.test;${phone(4)};contratista`,
      `${bulkName(5)};masiva5.${RUN}@faena.test;${phone(5)};contratista`,
    ].join('\n');
    await page.locator('[data-testid=import-upload] input[type=file]').setInputFiles({ name: 'personas-cambios.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
    await page.locator('[data-testid=import-file-name]', { hasText: 'personas-cambios.csv' }).waitFor();
    await page.click('[data-testid=import-start]');
    await page.waitForURL(/\/people-bulk-load\/\d+$/, { timeout: 60_000 });
    await page.locator('[data-testid=import-job][data-status=VALIDATION_OK]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid=import-counts] [data-operation=UPDATE]').textContent()).toContain('2');
    expect(await page.locator('[data-testid=import-counts] [data-operation=NO_CHANGE]').textContent()).toContain('1');
    const changes = (name: string) => page.locator('[data-testid=import-row]', { hasText: name }).getByTestId('import-row-changes');
    expect(await changes(bulkName(3)).textContent()).toBe('Cambia: Teléfonos');
    expect(await changes(`${bulkName(4)} Editada`).textContent()).toBe('Cambia: Nombre, Origen');
    expect(await changes(bulkName(5)).count()).toBe(0);
    await shot(page, 'people-import-changes', 'desktop');

    await page.click('[data-testid=import-discard]');
    await page.getByRole('dialog').getByRole('button', { name: 'Descartar', exact: true }).click();
    await page.getByText('Importación descartada').waitFor();
    await goto(page, `/people?q=${encodeURIComponent(`${bulkName(4)} Editada`)}`, '[data-testid=people-count]');
    await page.locator('[data-testid=people-count]', { hasText: '0 personas' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['desktop'] as const) {
    it(`a file with mistakes: every problem of a row is listed at once, with the value at fault (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'rrhh');
      await goto(page, '/people-upload', '[data-testid=import-columns]');
      const file = [
        'Nombre;Correo;RUT;Teléfonos;Cargo',
        `Fila Con Errores;fila.errores.${viewport}.${RUN}@faena.test;12345678-9;123;Cargo Que No Existe`,
        `;sin.nombre.${viewport}.${RUN}@faena.test;;;`,
      ].join('\n');
      await page.locator('[data-testid=import-upload] input[type=file]').setInputFiles({ name: 'personas-con-errores.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
      await page.locator('[data-testid=import-file-name]', { hasText: 'personas-con-errores.csv' }).waitFor();
      await page.click('[data-testid=import-start]');
      await page.waitForURL(/\/people-bulk-load\/\d+$/, { timeout: 60_000 });
      await page.locator('[data-testid=import-job][data-status=VALIDATION_FAILED]').waitFor({ timeout: 60_000 });
      // the rows in error come first, each problem on its own line, columns named as the file does
      const problems = (name: string) => page.locator('[data-testid=import-row]', { hasText: name }).getByTestId('import-row-errors').locator('> *');
      await expect
        .poll(() => problems('Fila Con Errores').allTextContents())
        .toEqual(['Invalid RUT: «12345678-9» (columna RUT)', 'Teléfono inválido: «123» (columna Teléfonos)', 'No existe un registro con ese código o nombre: «Cargo Que No Existe» (columna Cargo)']);
      expect(await problems(`sin.nombre.${viewport}`).allTextContents()).toEqual(["La columna 'label' no puede estar vacía (columna Nombre)"]);
      await page.locator('[data-testid=import-row]', { hasText: 'Fila Con Errores' }).scrollIntoViewIfNeeded();
      await shot(page, 'people-import-problems', viewport);
      await expectAccessible(page, `import with row errors ${viewport}`);
      await page.click('[data-testid=import-discard]');
      await page.getByRole('dialog').getByRole('button', { name: 'Descartar', exact: true }).click();
      await page.getByText('Importación descartada').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('exports the filtered list as CSV in the background and downloads it', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    await goto(page, `/people?q=${encodeURIComponent(`persona masiva ${RUN} 001`)}`, '[data-testid=person-row]');
    await page.click('[data-testid=people-more]');
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, "the list's actions menu");
    // opened with the mouse, the menu focuses its first item without painting it as hovered;
    // opened from the keyboard, the focused item is highlighted
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement!;
        return { role: element.getAttribute('role'), transparent: getComputedStyle(element).backgroundColor === 'rgba(0, 0, 0, 0)' };
      });
    await expect.poll(focused).toEqual({ role: 'menuitem', transparent: true });
    await shot(page, 'people-menu-mouse', 'desktop');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.focus('[data-testid=people-more]');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect.poll(focused).toEqual({ role: 'menuitem', transparent: false });
    await shot(page, 'people-menu-keyboard', 'desktop');
    await page.click('[data-testid=people-export]');
    await page.getByText('Se exportarán las personas que coinciden').waitFor();
    await expectAccessible(page, 'the export dialog');
    await page.locator('[data-testid=export-format]').getByText('CSV').click();
    const [created] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/persons/exports/')),
      page.click('[data-testid=export-start]'),
    ]);
    const { id } = (await created.json()) as { id: string };
    const done = page.locator(`[data-testid=export-item][data-id="${id}"][data-status=DONE]`);
    await done.waitFor({ timeout: 60_000 });
    // the file holds personal data: it says until when it can be downloaded (7 days by default)
    expect(await done.locator('[data-testid=export-until]').textContent()).toMatch(/^Disponible hasta el \d/);
    await shot(page, 'people-export', 'desktop');
    const [download] = await Promise.all([page.waitForEvent('download'), done.locator('[data-testid=export-download]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    // "001" is a word prefix of 0010–0019 only: those ten people, a header and their rows.
    expect(text).toContain(bulkName(11));
    expect(text).toContain(`masiva11.${RUN}@faena.test`);
    expect(text).not.toContain(bulkName(777));
    expect(text).not.toContain(bulkName(1));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('disables and enables several people picked in the list', async () => {
    const { page, context, errors, rows, query } = await openBulkLoaded('2');
    for (const i of [21, 22]) await page.getByRole('checkbox', { name: `Seleccionar a ${bulkName(i)}` }).check();
    const bar = page.getByTestId('people-bulk-bar');
    expect(await bar.getByText('2 personas seleccionadas').count()).toBe(1);
    await shot(page, 'people-bulk', 'desktop');
    await bar.getByTestId('people-bulk-disable').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
    await page.getByText('2 personas deshabilitadas').waitFor();
    // the active list lost them, the selection is gone
    await expect.poll(() => rows.count()).toBe(8);
    expect(await bar.count()).toBe(0);
    await goto(page, `/people?q=${query}&status=disabled`, '[data-testid=person-row]');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByTestId('people-select-page').check();
    await page.getByTestId('people-bulk-enable').click();
    await page.getByText('2 personas habilitadas').waitFor();
    await expect.poll(() => rows.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('invites several people picked in the list (after a bulk load, nobody has an account yet)', async () => {
    const { page, context, errors, rows, query } = await openBulkLoaded('3');
    await page.getByTestId('people-select-page').check();
    await page.getByTestId('people-bulk-invite').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Invitar a 10 personas').waitFor();
    await shot(page, 'people-bulk-invite', 'desktop');
    await dialog.getByRole('button', { name: 'Invitar' }).click();
    await page.getByText('10 invitaciones enviadas').waitFor();
    expect(await page.getByTestId('people-bulk-bar').count()).toBe(0);
    // the list says so, and the access filter finds them
    await expect.poll(() => rows.filter({ hasText: 'Invitada' }).count()).toBe(10);
    await page.getByTestId('filter-account').click();
    await page.getByRole('option', { name: 'Sin cuenta' }).click();
    await page.waitForURL(/account=none/);
    await page.locator('[data-testid=people-empty]').waitFor();
    await goto(page, `/people?q=${query}&account=invited`, '[data-testid=person-row]');
    await expect.poll(() => rows.count()).toBe(10);
    await shot(page, 'people-invited', 'desktop');
    // each one's detail says so
    await rows.first().getByRole('link').first().click();
    await page.locator('[data-testid=person-status]', { hasText: 'Invitada' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a position to several people picked in the list, and takes it from them', async () => {
    const { page, context, errors, rows } = await openBulkLoaded('4');
    const change = async (action: 'Asignar cargo' | 'Quitar cargo', done: string) => {
      await page.getByTestId('people-select-page').check();
      await page.getByTestId('people-bulk-position').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Cargo de 10 personas').waitFor();
      await dialog.getByTestId('bulk-position-action').getByText(action).click();
      // applying without a position says what is missing
      await dialog.getByTestId('bulk-position-apply').click();
      await dialog.getByText('Elige el cargo.').waitFor();
      await dialog.getByTestId('bulk-position-select').fill('Cajer');
      await page.getByRole('option', { name: /^Cajero/ }).click();
      if (action === 'Asignar cargo') await shot(page, 'people-bulk-position', 'desktop');
      await dialog.getByTestId('bulk-position-apply').click();
      await page.getByText(done).waitFor();
      expect(await page.getByTestId('people-bulk-bar').count()).toBe(0);
    };
    await change('Asignar cargo', 'Se asignó «Cajero (CAJ)» a 10 personas');
    await expect.poll(() => rows.filter({ hasText: 'Cajero' }).count()).toBe(10);
    // the person's history says who did it
    await rows.first().getByRole('link').first().click();
    await page.locator('[data-testid=person-history-entry]', { hasText: 'Le asignó un cargo: Cajero' }).waitFor();
    await page.goBack();
    await expect.poll(() => rows.count()).toBe(10);
    await change('Quitar cargo', 'Se quitó «Cajero (CAJ)» a 10 personas');
    await expect.poll(() => rows.filter({ hasText: 'Cajero' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('writes, calls and saves a person as a contact, goes to where they work, from there to everyone who works there, and filters by company', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'rrhh');
    await goto(page, `/people?q=${encodeURIComponent('agustin diaz morales')}`, '[data-testid=person-row]');
    await page.locator('[data-testid=person-row]', { hasText: 'Agustín Díaz Morales' }).getByText('Agustín Díaz Morales').click();
    const detail = page.locator('[data-testid=person-detail]');
    await detail.waitFor();
    // write and call from the detail
    expect(await detail.getByRole('link', { name: 'agustin.diaz.5@gmail.com' }).getAttribute('href')).toBe('mailto:agustin.diaz.5@gmail.com');
    expect(await detail.getByRole('link', { name: /^\+56 9 \d{4} \d{4} \(Móvil\)$/ }).getAttribute('href')).toMatch(/^tel:\+56\d{9}$/);
    await shot(page, 'people-detail-links', 'desktop');
    // and keep them as a contact on the phone
    const [card] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=person-vcard]')]);
    expect(card.suggestedFilename()).toBe('Agustín Díaz Morales.vcf');
    const vcard = readFileSync(await card.path(), 'utf8');
    expect(vcard).toContain('FN:Agustín Díaz Morales\r\n');
    expect(vcard).toContain('EMAIL;TYPE=work;PREF=1:agustin.diaz.5@faena.test\r\n');
    expect(vcard).toMatch(/TEL;VALUE=uri;TYPE=cell:tel:\+56\d{9}\r\n/);
    expect(vcard).toContain('TITLE:Gerente de Operaciones\r\n');

    // the workspace opens the venue, whose usage opens the people who work there
    await detail.getByRole('link', { name: 'Casa Matriz' }).click();
    await page.locator('[data-testid=detail-title]', { hasText: 'Casa Matriz' }).waitFor();
    const usage = page.locator('[data-testid=catalog-usage-persons]');
    const working = Number(/^(\d+) personas$/.exec((await usage.textContent()) ?? '')?.[1]);
    expect(working).toBeGreaterThan(1);
    await usage.click();
    await page.waitForURL(/\/people\?.*workspace=/);
    expect(new URL(page.url()).searchParams.get('status')).toBe('all');
    expect(await page.locator('[data-testid=filter-workspace]').inputValue()).toBe('Casa Matriz');
    await page.locator('[data-testid=people-count]', { hasText: `${working} personas` }).waitFor();
    await page.locator('[data-testid=person-row]', { hasText: 'Agustín Díaz Morales' }).waitFor();

    // the contractors of one company
    await goto(page, '/people', '[data-testid=person-row]');
    await pick(page, 'filter-company', 'Servicios Integrales');
    await page.waitForURL(/company_name=Servicios/);
    const rows = page.locator('[data-testid=person-row]');
    await expect.poll(async () => (await rows.allTextContents()).every((row) => row.includes('Guardia de Seguridad'))).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);
    await shot(page, 'people-company-filter', 'desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of VIEWPORT_NAMES) {
    it(`shows the list, a person, the form, the bulk load and the organisation (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'rrhh');
      await goto(page, '/people', '[data-testid=person-row]');
      await shot(page, 'people-list', viewport);
      if (viewport === 'mobile') {
        expect(await page.locator('[data-testid=people-cards]').count()).toBe(1);
        await page.click('[data-testid=people-filters-toggle]');
        await page.locator('[data-testid=filter-status]').waitFor();
        await shot(page, 'people-filters', viewport);
      } else {
        expect(await page.locator('[data-testid=people-table]').count()).toBe(1);
        await expectAccessible(page, '/people');
        // a filter's options open: a long list scrolls in the list itself
        await page.getByRole('combobox', { name: 'Cargo' }).click();
        await page.getByRole('listbox', { name: 'Cargo' }).getByRole('option').first().waitFor();
        await expectAccessible(page, "/people with a filter's options open");
        await page.keyboard.press('Escape');
      }
      await page.fill('[data-testid=people-search]', 'fernanda perez');
      // The search reaches the URL after its debounce: click only in the filtered list.
      await page.waitForURL(/[?&]q=fernanda/);
      await page.locator('[data-testid=person-row]', { hasText: 'Fernanda Pérez Araya' }).first().waitFor();
      // what the search matched is marked: in the name, accents and all, and at the start of the e-mail
      // (once the searched page has come: the rows of the page before are not marked)
      await expect
        .poll(() => page.locator('[data-testid=person-row]', { hasText: 'Fernanda Pérez Araya' }).first().getByTestId('search-mark').allTextContents())
        .toEqual(['Fernanda', 'Pérez', 'fernanda']);
      await shot(page, 'people-searched', viewport);
      await page.locator('[data-testid=person-row]', { hasText: 'Fernanda Pérez Araya' }).first().getByText('Fernanda Pérez Araya').click();
      await page.waitForSelector('[data-testid=person-permissions] [data-testid=permission-VIEW_HOME]');
      await shot(page, 'people-detail', viewport);
      await expectAccessible(page, `person detail ${viewport}`);
      // Back to the list as it was left: the search stays, in the address and in the box.
      await page.click('[data-testid=back-link]');
      await page.waitForURL(/[?&]q=fernanda/);
      expect(await page.inputValue('[data-testid=people-search]')).toBe('fernanda perez');
      await page.locator('[data-testid=person-row]', { hasText: 'Fernanda Pérez Araya' }).first().getByText('Fernanda Pérez Araya').click();
      await page.waitForSelector('[data-testid=person-permissions] [data-testid=permission-VIEW_HOME]');
      await page.click('[data-testid=person-edit]');
      await page.waitForSelector('[data-testid=person-form]');
      await shot(page, 'people-edit', viewport);
      await expectAccessible(page, `person form ${viewport}`);
      await goto(page, '/people-upload', '[data-testid=import-columns]');
      // a phone has no files to drag in: it is asked to choose one
      await page
        .getByTestId('import-upload')
        .getByText(viewport === 'mobile' ? 'Elige un archivo CSV o XLSX de tu dispositivo.' : 'Arrastra aquí un archivo CSV o XLSX, o elígelo desde tu equipo.')
        .waitFor();
      await shot(page, 'people-upload', viewport);
      await expectAccessible(page, `/people-upload ${viewport}`);
      // The demo's import history: the newest job's page (its preview as cards on phones).
      await page.locator('[data-testid=import-history-item]').first().waitFor();
      await page.locator('[data-testid=import-history-item] a, a[data-testid=import-history-item]').first().click();
      await page.waitForSelector('[data-testid=import-job]');
      await page
        .locator('[data-testid=import-row]')
        .first()
        .waitFor()
        .catch(() => undefined);
      await shot(page, 'people-import-job', viewport);
      await goto(page, '/organization', '[data-testid=organization-form]');
      await shot(page, 'organization', viewport);
      await expectAccessible(page, `/organization ${viewport}`);
      if (viewport === 'desktop') {
        // A new name shows in the shell at once (no reload), and the old one comes back.
        const original = await page.getByTestId('organization-name').inputValue();
        for (const name of [`${original} Renombrada`, original]) {
          await page.getByTestId('organization-name').fill(name);
          await page.getByTestId('organization-save').click();
          await expect.poll(() => page.getByTestId('app-footer').textContent()).toContain(name);
          await page.getByTestId('organization-save').and(page.locator(':disabled')).waitFor();
        }
        // The catalogues are reached from the organisation's page.
        await page.getByTestId('catalog-link-venues').click();
        await page.waitForURL(/\/venues$/);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
