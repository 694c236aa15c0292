import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminApi as api, expectAccessible, goto, launch, openPage, shot, signInAs, type ViewportName } from './helpers.ts';

/**
 * Forms end to end (issue 5): build a form with one field of every type the picker offers, fill
 * it in "Probar formulario", see the server's 400 mapped onto a field (the form changed on the
 * server while it was being filled: a rule the stale client does not know), send it, and see the
 * answers displayed. Desktop and mobile screenshots.
 */

/** Chromium with a fake camera and microphone, permission granted without a prompt. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch({ fakeMedia: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A 2×2 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF\n')]);

interface FieldView {
  type: string;
  name?: string;
  label?: string;
  validators?: unknown[];
  fields?: FieldView[];
}
interface FormView {
  id: string;
  version: number;
  name: string;
  description: FieldView[];
}

/** The catalogue rows the pickers will find (the demo seed has people, not venues or data sources). */
async function seedCatalogues(page: Page): Promise<{ dataSource: string }> {
  const stamp = Date.now().toString(36);
  const venue = await api<{ id: string }>(page, 'POST', '/api/organization/v3/venues/', { name: `Planta Norte ${stamp}`, code: `PN-${stamp}` });
  await api(page, 'POST', '/api/organization/v3/venues/', { name: `Planta Sur ${stamp}`, code: `PS-${stamp}` });
  await api(page, 'POST', '/api/organization/v3/locations/', { name: `Bodega 3 ${stamp}`, code: `B3-${stamp}`, venue: venue.id });
  await api(page, 'POST', '/api/organization/v3/locations/', { name: `Andén 1 ${stamp}`, code: `A1-${stamp}`, venue: venue.id });
  const source = await api<{ id: string }>(page, 'POST', '/api/resources/v3/data-sources/', { name: `Regiones ${stamp}` });
  await api(page, 'POST', `/api/resources/v3/data-sources/${source.id}/rows/`, { key: 'CL-RM', label: 'Región Metropolitana' });
  await api(page, 'POST', `/api/resources/v3/data-sources/${source.id}/rows/`, { key: 'CL-VS', label: 'Valparaíso' });
  return { dataSource: `Regiones ${stamp}` };
}

/** The label each type gets in the builder (its name follows the label while it is new). */
const LABELS: Record<string, string> = {
  text: 'Nombre del técnico',
  rich_text: 'Observaciones',
  display_text: '',
  multiple_choice: 'Turno',
  checkboxes: 'Elementos revisados',
  data_source: 'Región',
  date: 'Fecha de la visita',
  datetime: 'Inicio del trabajo',
  date_range: 'Período',
  time: 'Hora de llegada',
  integer: 'Personas presentes',
  float: 'Temperatura',
  decimal: 'Costo',
  num_range: 'Rango de presión',
  value_in_num_range: 'Satisfacción',
  image: 'Foto del equipo',
  images: 'Fotos del área',
  voice_message: 'Nota de voz',
  files: 'Documentos',
  reactions: 'Reacción',
  stars: 'Calificación',
  emotion: 'Estado de ánimo',
  user: 'Supervisor',
  users: 'Equipo',
  venue: 'Planta',
  venues: 'Plantas visitadas',
  gps: 'Posición',
  location: 'Ubicación',
  locations: 'Ubicaciones revisadas',
  boolean: '¿Todo en orden?',
  code: 'Código del equipo',
  form: 'Detalle del hallazgo',
};

async function choose(page: Page, frame: Locator, search: string, option: RegExp | string): Promise<void> {
  const input = frame.locator('input:not([type=checkbox]):not([type=radio]):not([type=hidden])').first();
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** Opens a date picker once the previous one has finished closing (two would share the page). */
async function openPicker(page: Page, frame: Locator): Promise<void> {
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await frame.locator('button').first().click();
}

async function pickDay(page: Page, day: number): Promise<void> {
  await page
    .getByRole('dialog')
    .locator('button[class*="-day"]:not([data-outside])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
}

async function buildEveryType(page: Page, dataSource: string): Promise<string[]> {
  const picker = page.locator('nav[aria-label="Agregar campo"]');
  const offered = await picker.locator('[data-testid^=pick-]').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.testid!.slice('pick-'.length)));
  for (const type of offered) {
    await picker.locator(`[data-testid=pick-${type}]`).click();
    const card = page.locator('[data-open]').last();
    if (type === 'display_text') {
      await card.locator('.ProseMirror').click();
      await page.keyboard.type('Revise el equipo antes de responder.');
      // A video embed: an id that is not 11 characters is refused with the spec's message.
      await card.getByRole('button', { name: 'Insertar video' }).click();
      await card.getByTestId('rich-text-video-input').fill('abc');
      await card.getByTestId('rich-text-video-insert').click();
      await card.getByText('ID de video inválido').waitFor();
      await card.getByTestId('rich-text-video-input').fill('https://youtu.be/dQw4w9WgXcQ');
      await card.getByTestId('rich-text-video-insert').click();
      await card.locator('.faena-editor-video[data-video-id="dQw4w9WgXcQ"]').waitFor();
    } else {
      await card.getByTestId('setting-label').fill(LABELS[type] ?? type);
    }
    if (type === 'text') await card.getByTestId('setting-required').check();
    if (type === 'float') await card.getByTestId('setting-skippable').check();
    if (type === 'checkboxes') {
      await card.getByTestId('choice-add').click();
      await card.getByTestId('choice-add').click();
    }
    if (type === 'data_source') {
      await card.getByTestId('setting-data-source').click();
      await page.getByRole('option', { name: new RegExp(dataSource) }).click();
    }
    if (type === 'form') {
      await card.getByTestId('subform-add').click();
      await page.getByRole('menu').getByTestId('pick-text').click();
      // The sub-form's new field is the open card now, inside the sub-form's card.
      await page.locator('[data-open]').last().getByTestId('setting-label').fill('Descripción del hallazgo');
    }
  }
  return offered;
}

describe('forms', () => {
  it('builds a form with every field type, fills it, maps a server 400 onto its field, sends it and shows the answers', { timeout: 300_000 }, async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    // Scrolling to the first invalid field is instant then (the screenshots catch it settled).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await context.grantPermissions(['geolocation', 'camera', 'microphone']);
    await context.setGeolocation({ latitude: -33.4372, longitude: -70.6506, accuracy: 14 });
    await signInAs(page, 'admin');
    const { dataSource } = await seedCatalogues(page);

    // Builder: a new form opens on an empty draft and is created by its first save, not by
    // opening (issue 45); the address then names it and the same screen goes on.
    await goto(page, '/workflows/demo/form-builder', '[data-testid=builder-name]');
    expect(new URL(page.url()).pathname).toBe('/workflows/demo/form-builder');
    await page.getByTestId('builder-name').fill('Inspección de equipos');
    const offered = await buildEveryType(page, dataSource);
    // Every type of spec §3: the assets one too, as the demo has the asset module and its flag on (issue 49).
    expect(offered).toContain('assets');
    expect(offered.length).toBe(33);
    await page.getByTestId('builder-save').click();
    await page.locator('[data-testid=save-status][data-status=saved]').waitFor({ timeout: 20_000 });
    await page.waitForURL(/\/form-builder\/[0-9a-f-]{36}$/);
    const formId = new URL(page.url()).pathname.split('/').pop()!;

    // Reorder with the keyboard (the drag handle: space to lift, arrows to move, space to drop).
    const cards = page.getByTestId('builder-fields').locator(':scope > div > [data-testid^=builder-card-]');
    expect(await cards.first().getAttribute('data-testid')).toBe('builder-card-nombre_del_tecnico');
    await page.getByRole('button', { name: 'Arrastrar «Nombre del técnico» para reordenar' }).focus();
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await expect.poll(() => cards.nth(1).getAttribute('data-testid'), { timeout: 5000 }).toBe('builder-card-nombre_del_tecnico');
    await page.locator('[data-testid=save-status][data-status=saved]').waitFor({ timeout: 20_000 });

    // Discarding unsaved changes asks first, then goes back to the saved version.
    await page.getByTestId('builder-name').fill('Nombre que no se guarda');
    await page.getByTestId('builder-discard').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Descartar cambios' }).click();
    expect(await page.getByTestId('builder-name').inputValue()).toBe('Inspección de equipos');
    await page.getByTestId('builder-card-toggle').first().click();
    await shot(page, 'forms-builder', 'desktop');
    await expectAccessible(page, 'form builder');

    const saved = await api<FormView>(page, 'GET', `/api/forms/v3/forms/${formId}/`);
    const nameOf = (type: string) => saved.description.find((field) => field.type === type)!.name!;
    expect(saved.description).toHaveLength(33);
    expect(nameOf('text')).toBe('nombre_del_tecnico');

    // Fill every field in "Probar formulario".
    await page.getByTestId('tab-test').click();
    await page.getByTestId('form-renderer').waitFor();
    const frame = (type: string) => page.getByTestId(`field-${nameOf(type)}`);

    // The fields whose code loads on demand are in place first (rich text, dates, files).
    await frame('rich_text').locator('.ProseMirror').waitFor();
    await frame('date_range').locator('button, input').first().waitFor();
    await frame('files').locator('input[type=file]').waitFor({ state: 'attached' });
    // First an empty submit: nothing is sent, the form says so and goes to the first invalid field.
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-errors').getByText('The form has errors. Please check fields with red markers.').waitFor();
    await expect.poll(() => frame('text').getAttribute('data-invalid')).toBe('true');
    await shot(page, 'forms-client-errors', 'desktop');

    // The display text with its video (no video service here: the embed says so, with a link).
    await page.locator('[data-testid^=display-]').locator('[data-testid=video-embed], [data-testid=video-error]').first().waitFor();
    await frame('text').locator('input').fill('Ana Rojas');
    await frame('rich_text').locator('.ProseMirror').click();
    await page.keyboard.type('Sin novedades en la ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('línea 2');
    // An image in rich text stays a blob until the form is sent (then uploaded, spec §4).
    await frame('rich_text').locator('input[type=file]').setInputFiles({ name: 'esquema.png', mimeType: 'image/png', buffer: PNG });
    expect(await frame('rich_text').locator('.ProseMirror img').getAttribute('src')).toMatch(/^blob:/);
    await frame('multiple_choice').getByText('Opción 2').click();
    for (const option of ['Opción 1', 'Opción 2', 'Opción 3', 'Opción 4']) await frame('checkboxes').getByText(option, { exact: true }).click();
    await choose(page, frame('data_source'), 'Valpa', /Valparaíso/);
    await openPicker(page, frame('date'));
    await pickDay(page, 15);
    await openPicker(page, frame('datetime'));
    await pickDay(page, 10);
    // The time is two spin fields: cleared, then typed (the hours move on to the minutes).
    await page.getByRole('dialog').getByRole('spinbutton', { name: 'Horas' }).click();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('0945');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await openPicker(page, frame('date_range'));
    await pickDay(page, 3);
    await pickDay(page, 7);
    await frame('time').locator('input').fill('08:30');
    await frame('integer').locator('input').fill('4');
    await frame('float')
      .getByTestId(`skip-${nameOf('float')}`)
      .check();
    await frame('decimal').locator('input').fill('1234,5');
    await frame('num_range').getByTestId('range-start').fill('2');
    await frame('num_range').getByTestId('range-end').fill('6');
    await frame('value_in_num_range').getByTestId('scale-4').click();
    await frame('image').locator('input[type=file]').setInputFiles({ name: 'equipo.png', mimeType: 'image/png', buffer: PNG });
    await frame('image').getByRole('img', { name: 'Foto 1' }).waitFor({ timeout: 30_000 });
    await frame('images').locator('input[type=file]').setInputFiles({ name: 'area.png', mimeType: 'image/png', buffer: PNG });
    await frame('images').getByRole('img', { name: 'Foto 1' }).waitFor({ timeout: 30_000 });
    await frame('voice_message').getByTestId('voice-record').click();
    await page.waitForTimeout(1500);
    await frame('voice_message').getByTestId('voice-stop').click();
    await frame('voice_message').getByTestId('voice-audio').waitFor({ timeout: 30_000 });
    await frame('files').locator('input[type=file]').setInputFiles({ name: 'informe.pdf', mimeType: 'application/pdf', buffer: PDF });
    await frame('files').getByText('informe.pdf').first().waitFor();
    await expect.poll(() => frame('files').locator('.filepond--item[data-filepond-item-state=processing-complete]').count(), { timeout: 30_000 }).toBe(1);
    await frame('reactions').getByTestId('reaction-2').click();
    // The visible star is the label after its radio.
    await frame('stars').getByLabel('5 estrellas').locator('xpath=following-sibling::label[1]').click();
    await frame('emotion').getByTestId('emotion-4').click();
    // a people search marks what it matched in the options
    await choose(page, frame('user'), 'Matías', /Matías González/);
    await frame('users').locator('input:not([type=checkbox]):not([type=hidden])').first().click();
    await frame('users').locator('input:not([type=checkbox]):not([type=hidden])').first().fill('matias');
    await expect
      .poll(() =>
        page
          .getByRole('option', { name: /Matías González/ })
          .first()
          .getByTestId('search-mark')
          .allTextContents(),
      )
      .toEqual(['Matías']);
    await shot(page, 'forms-people-picker', 'desktop');
    await choose(page, frame('users'), 'Matías', /Matías González/);
    await choose(page, frame('venue'), 'Planta Norte', /Planta Norte/);
    await choose(page, frame('venues'), 'Planta', /Planta Sur/);
    await frame('gps').getByTestId('gps-locate').click();
    await frame('gps').getByTestId('gps-position').waitFor();
    await choose(page, frame('location'), 'Bodega', /Bodega 3/);
    await choose(page, frame('locations'), 'Andén', /Andén 1/);
    await frame('boolean').getByText('Sí', { exact: true }).click();
    await frame('code').locator('input').fill('EQ-000123');
    await page
      .getByTestId(`field-${nameOf('form')}.descripcion_del_hallazgo`)
      .locator('input')
      .fill('Filtro saturado');

    // Meanwhile the form changes on the server: the code now has at most 6 characters. This page
    // still has the old version, so only the server can refuse it.
    const current = await api<FormView>(page, 'GET', `/api/forms/v3/forms/${formId}/`);
    const changed = current.description.map((field) =>
      field.type === 'code' ? { ...field, validators: [{ type: 'max_length', limit_value: 6, message: 'El código tiene a lo más 6 caracteres' }] } : field,
    );
    await api(page, 'PUT', `/api/forms/v3/forms/${formId}/`, { name: current.name, description: changed });

    await page.getByTestId('form-submit').click();
    // the server refuses the code; a field the browser found invalid first is named instead
    const refused = frame('code').getByText('El código tiene a lo más 6 caracteres');
    const outcome = async () => {
      if (await refused.isVisible()) return 'refused by the server';
      const invalid = await page.locator('[data-testid^="field-"][data-invalid=true]').evaluateAll((fields) => fields.map((field) => field.getAttribute('data-testid')));
      return invalid.length > 0 ? `invalid before sending: ${invalid.join(', ')}` : 'waiting for the server';
    };
    await expect.poll(outcome, { timeout: 30_000 }).toBe('refused by the server');
    expect(await frame('code').getAttribute('data-invalid')).toBe('true');
    await page.getByTestId('form-errors').waitFor();
    await shot(page, 'forms-server-error', 'desktop');

    await frame('code').locator('input').fill('EQ-123');
    await page.getByTestId('form-submit').click();
    await page.getByText('Respuesta enviada.').waitFor({ timeout: 30_000 });

    // The answers, displayed.
    await page.getByTestId('tab-responses').click();
    const card = page.getByTestId('response-card').first();
    await card.waitFor();
    const answer = (type: string) => card.locator(`[data-answer-field="${nameOf(type)}"] dd`);
    await answer('user').getByText('Matías González').waitFor();
    expect(await answer('text').textContent()).toBe('Ana Rojas');
    expect(await answer('float').textContent()).toBe('No aplica');
    expect(await answer('boolean').textContent()).toBe('Sí');
    expect(await answer('checkboxes').textContent()).toBe('Opción 1, Opción 2, Opción 3 ... y 1 más');
    expect(await answer('decimal').textContent()).toBe('1.2K');
    // Names of picked rows and venues are looked up after the answers arrive.
    await expect.poll(() => answer('data_source').textContent()).toBe('Valparaíso');
    await expect.poll(() => answer('venue').textContent()).toMatch(/^Planta Norte/);
    expect(await answer('value_in_num_range').textContent()).toBe('4');
    expect(await answer('stars').textContent()).toBe('5/5');
    expect(await answer('files').textContent()).toContain('informe.pdf');
    expect(await answer('rich_text').locator('strong').textContent()).toBe('línea 2');
    expect(await answer('rich_text').locator('img').getAttribute('src')).toMatch(/\/upload\/[^/]+\/download$/);
    // The stored image really loads (the download cookie was set before the <img> asked).
    await expect
      .poll(() =>
        answer('rich_text')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await answer('gps').textContent()).toContain('(±14 m)');
    // Day, long month, hour and minute in the browser's locale (es-CL here).
    expect(await answer('datetime').textContent()).toMatch(/^10 de \S+.*(09:45|9:45)/);
    await answer('image').locator('img').waitFor();
    await shot(page, 'forms-responses', 'desktop');
    await expectAccessible(page, 'form responses');

    // The editor still stands on the version before the change made through the API: an edit made
    // now is not saved over it. Loading the newer version brings that change in.
    await page.getByTestId('tab-editor').click();
    await page.getByTestId('builder-name').fill('Inspección de equipos (revisada)');
    await page.getByTestId('save-conflict').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('save-status').getAttribute('data-status')).toBe('conflict');
    await shot(page, 'forms-conflict', 'desktop');
    await page.getByTestId('conflict-load-latest').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cargar la versión más reciente' }).click();
    await page.locator('[data-testid=save-status][data-status=clean]').waitFor();
    expect(await page.getByTestId('builder-name').inputValue()).toBe('Inspección de equipos');
    expect(await page.getByTestId('save-status').textContent()).toContain(`versión ${current.version + 1}`);
    expect((await api<FormView>(page, 'GET', `/api/forms/v3/forms/${formId}/`)).version).toBe(current.version + 1);
    // FilePond throws once from its own clean-up when the upload field unmounts (switching tabs):
    // a bug of the shared upload widget, reported to its owner; anything else fails the test.
    expect(errors.filter((error) => !error.includes("reading 'insertBefore'"))).toEqual([]);
    await context.close();
  });

  it('renders the form and its answers on a phone', { timeout: 180_000 }, async () => {
    const viewport: ViewportName = 'mobile';
    const { page, context, errors } = await openPage(browser, viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAs(page, 'admin');
    const form = await api<FormView>(page, 'POST', '/api/forms/v3/forms/', {
      name: 'Checklist de bodega',
      description: [
        { id: 1, type: 'display_text', text: '<p>Complete este checklist al <strong>inicio del turno</strong>.</p>' },
        { id: 2, type: 'text', name: 'responsable', label: 'Responsable', required: true },
        { id: 3, type: 'multiple_choice', name: 'area', label: 'Área', required: true, choices: [{ choice: 'Recepción' }, { choice: 'Despacho' }, { choice: 'Picking' }] },
        { id: 4, type: 'boolean', name: 'limpio', label: '¿El área está limpia?', skippable: true },
        { id: 5, type: 'text', name: 'motivo', label: '¿Por qué no?', show_if: 'limpio == false' },
        { id: 6, type: 'emotion', name: 'animo', label: '¿Cómo te sientes hoy?', max: 5, labels: ['Muy mal', 'Mal', 'Normal', 'Bien', 'Muy bien'] },
        {
          id: 7,
          type: 'value_in_num_range',
          name: 'orden',
          label: 'Orden general',
          start: 1,
          stop: 7,
          step: 1,
          start_label: 'Desordenado',
          stop_label: 'Impecable',
          interpretations: [{ type: 'between', start: 6, stop: 7, name: 'Bien' }],
        },
        { id: 8, type: 'integer', name: 'pallets', label: 'Pallets en piso', min: 0, max: 200 },
      ],
    });
    await goto(page, `/workflows/demo/form-builder/${form.id}?tab=test`, '[data-testid=form-renderer]');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('form-errors').waitFor();
    await shot(page, 'forms-test-errors', viewport);
    await page.getByTestId('field-responsable').locator('input').fill('Luis Soto');
    await page.getByTestId('field-area').getByText('Picking').click();
    await page.getByTestId('field-limpio').getByText('No', { exact: true }).click();
    await page.getByTestId('field-motivo').locator('input').fill('Derrame en pasillo 4');
    await page.getByTestId('field-animo').getByTestId('emotion-4').click();
    await page.getByTestId('field-orden').getByTestId('scale-6').click();
    await page.getByTestId('field-pallets').locator('input').fill('300');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('field-pallets').getByText('Debe ser a lo más 200').waitFor();
    await page.getByTestId('field-pallets').locator('input').fill('120');
    await shot(page, 'forms-test', viewport);
    await expectAccessible(page, 'form on a phone');
    await page.getByTestId('form-submit').click();
    await page.getByText('Respuesta enviada.').waitFor({ timeout: 30_000 });
    await page.getByTestId('tab-responses').click();
    const card = page.getByTestId('response-card').first();
    await card.waitFor();
    expect(await card.locator('[data-answer-field="limpio"] dd').textContent()).toBe('No');
    expect(await card.locator('[data-answer-field="orden"] dd').textContent()).toBe('6 · Bien');
    await shot(page, 'forms-responses', viewport);
    await page.getByTestId('tab-editor').click();
    await page.getByTestId('builder-fields').waitFor();
    await shot(page, 'forms-builder', viewport);
    expect(errors).toEqual([]);
    await context.close();
  });
});
