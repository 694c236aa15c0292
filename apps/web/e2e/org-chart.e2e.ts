import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, expectAccessible, goto, launch, openPage, SCREENSHOTS, shot, signInAs, signInOnTenant, url } from './helpers.ts';

/**
 * Positions and the org chart, audiences and the permissions calculator, against the real server.
 * The person is created through the API (the people screens are another area's); everything
 * about positions happens in the UI.
 */
let browser: Browser;
const run = randomBytes(3).toString('hex');
const PERSON = `Quintina Ñúñez ${run}`;
/** What a user types to find her (the server matches every term, accents aside). */
const PERSON_SEARCH = `quintina ${run}`;
/** Her mobile's last 8 digits: a picker finds her by them, and says so. */
const PHONE_DIGITS = String(Number.parseInt(run, 16) % 100_000_000).padStart(8, '0');
const ROOT = `Dirección E2E ${run}`;
const POSITION = `Coordinadora de Pruebas ${run}`;
const AUDIENCE = `Equipo de pruebas ${run}`;
const AUD = '/api/audiences/v3';
let token: string;
let personId: string;
let rootId: string;

/** A page on the app's origin that calls the API (Chromium resolves *.localhost; Node may not). */
let apiPage: Page;

async function api<T>(path: string, init: { method?: string; json?: unknown; auth?: boolean } = {}): Promise<T> {
  const answer = await apiPage.evaluate(
    async ({ path, method, json, token }) => {
      const response = await fetch(path, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
      return { status: response.status, text: await response.text() };
    },
    { path, method: init.method ?? 'GET', json: init.json, token: init.auth === false ? null : token },
  );
  if (answer.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} → ${answer.status} ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

/**
 * Picks `text` in a directory picker (search, then the option). Now and then (about one run in
 * five of this file, never outside it) the picker's list closes right after the search is typed
 * while the box keeps the focus; as a person would, click the box again to reopen it.
 */
async function pick(page: Page, testId: string, search: string, option: string | RegExp = search) {
  const input = page.getByTestId(testId).locator('input').first();
  await input.click();
  await input.fill(search);
  const choice = page.getByRole('option', { name: option }).first();
  for (let attempt = 1; ; attempt++) {
    try {
      await choice.click({ timeout: 8_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await input.click();
    }
  }
  await page.keyboard.press('Escape');
}

/** The box of an element once the plane's pan/zoom animation has ended (two equal readings). */
async function settledBox(locator: Locator) {
  let last = await locator.boundingBox();
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await locator.boundingBox();
    if (next && last && next.x === last.x && next.y === last.y && next.width === last.width) return next;
    last = next;
  }
  throw new Error('the chart kept moving');
}

beforeAll(async () => {
  browser = await launch();
  apiPage = (await openPage(browser, 'desktop')).page;
  await apiPage.goto(url('/api/health'));
  token = (await api<{ id_token: string }>('/api/auth/v3/sign-in/password', { method: 'POST', json: { email: 'admin@faena.test', password: DEMO_PASSWORD }, auth: false })).id_token;
  personId = (
    await api<{ id: string }>(`${AUD}/persons/`, { method: 'POST', json: { name: PERSON, primary_email: `quintina.${run}@faena.test`, phones: [{ number: `+569${PHONE_DIGITS}`, label: null }] } })
  ).id;
  rootId = (await api<{ id: string }>(`${AUD}/positions/`, { method: 'POST', json: { title: ROOT, department: 'Pruebas', is_root: true } })).id;
});
afterAll(async () => {
  await browser?.close();
});

describe('positions and the org chart', () => {
  it('manages positions where the chart itself is off (demo-norte has the production flags)', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    const norte = await signInOnTenant(page, 'demo-norte');
    // no Organigrama in the menu; the positions are on the organisation's page
    expect(await page.getByRole('link', { name: 'Organigrama' }).count()).toBe(0);
    await page.goto(`${norte}/organization`);
    await page.getByTestId('catalog-link-positions').click();
    await page.waitForURL(/\/positions$/);
    await page.getByTestId('positions-search').waitFor();
    expect(await page.getByRole('link', { name: 'Ver organigrama' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Nuevo cargo' }).click();
    await page.getByLabel('Nombre del cargo').fill(`Jefe de Turno Norte ${run}`);
    await page.getByTestId('position-save').click();
    await page.waitForURL(/\/positions$/);
    await page.getByTestId('positions-search').fill(run);
    await page
      .getByTestId('position-row')
      .filter({ hasText: `Jefe de Turno Norte ${run}` })
      .waitFor();
    // its menu offers editing, never the chart it cannot open
    await page.getByRole('button', { name: `Acciones de Jefe de Turno Norte ${run}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Ver en el organigrama' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await shot(page, 'positions-chart-off', 'desktop');
    await page.goto(`${norte}/org-chart`);
    await page.waitForSelector('[data-testid=no-access]');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a position in the UI with a parent, a person and a default permission, and finds the person on the chart', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, '/positions/new', '[data-testid=position-save]');
    await page.getByLabel('Nombre del cargo').fill(POSITION);
    await page.getByLabel('Departamento').fill('Pruebas');
    await page.getByLabel('Código').fill(`CP-${run}`);
    await pick(page, 'position-parents', ROOT);
    await pick(page, 'position-people', PERSON_SEARCH, new RegExp(PERSON));
    await page.getByTestId('default-VIEW_ORG_CHART').check();
    // keys the administrator holds can all be granted
    expect(await page.getByTestId('default-MANAGE_PEOPLE').isDisabled()).toBe(false);
    await shot(page, 'position-form', 'desktop');
    await page.getByTestId('position-save').click();
    await page.waitForURL(/\/positions$/);
    await page.getByTestId('positions-search').fill(run);
    const row = page.getByTestId('position-row').filter({ hasText: POSITION });
    await row.waitFor();
    expect(await row.textContent()).toContain(ROOT);
    await shot(page, 'positions', 'desktop');
    // the people list finds her by a word of her position's title too
    await goto(page, `/people?q=${encodeURIComponent(`coordinadora ${run}`)}`, '[data-testid=person-row]');
    expect(await page.locator('[data-testid=person-row]').allTextContents()).toEqual([expect.stringContaining(PERSON)]);

    // the server applied the position's default permission to the person
    const person = await api<{ passport: string }>(`${AUD}/persons/${personId}/`);
    const permissions = await api<{ permissions: string[] }>(`/api/permissions/v3/by-passport/${encodeURIComponent(person.passport)}`);
    expect(permissions.permissions).toContain('VIEW_ORG_CHART');

    // Two editors at once: while this page edits the holders, someone else gives the position to
    // Xavier; adding Yolanda here sends who came, so Xavier stays (and so does the first holder).
    const positionId = (await api<{ results: { id: string; title: string }[] }>(`${AUD}/positions/?search=${encodeURIComponent(POSITION)}`)).results.find((found) => found.title === POSITION)!.id;
    const [xavier, yolanda] = [`Xavier Cuadra ${run}`, `Yolanda Cuadra ${run}`];
    const xavierId = (await api<{ id: string }>(`${AUD}/persons/`, { method: 'POST', json: { name: xavier } })).id;
    await api(`${AUD}/persons/`, { method: 'POST', json: { name: yolanda } });
    await goto(page, `/positions/${positionId}`, '[data-testid=position-save]');
    await api(`${AUD}/positions/${positionId}/`, { method: 'PATCH', json: { people_added: [xavierId] } });
    await pick(page, 'position-people', yolanda);
    await page.getByTestId('position-save').click();
    await page.waitForURL(/\/positions$/);
    const holders = (await api<{ people: { name: string }[] }>(`${AUD}/positions/${positionId}/`)).people.map((holder) => holder.name).sort();
    expect(holders).toEqual([PERSON, xavier, yolanda].sort());
    const yolandaId = (await api<{ people: { id: string; name: string }[] }>(`${AUD}/positions/${positionId}/`)).people.find((holder) => holder.name === yolanda)!.id;
    await api(`${AUD}/positions/${positionId}/`, { method: 'PATCH', json: { people_removed: [xavierId, yolandaId] } });

    // The same from the person's side: while Yolanda's form is open someone gives her the root
    // position from the position; giving her this one in her form sends what came, so both stay.
    await goto(page, `/people/${yolandaId}/edit`, '[data-testid=person-form]');
    await api(`${AUD}/positions/${rootId}/`, { method: 'PATCH', json: { people_added: [yolandaId] } });
    const positionsBox = page.getByTestId('person-positions');
    await positionsBox.click();
    await positionsBox.fill(POSITION);
    await page.getByRole('option', { name: POSITION }).first().click();
    await page.keyboard.press('Escape');
    await page.click('[data-testid=person-save]');
    await page.waitForSelector('[data-testid=person-detail]');
    const held = (await api<{ positions: { title: string }[] }>(`${AUD}/persons/${yolandaId}/`)).positions.map((position) => position.title).sort();
    expect(held).toEqual([POSITION, ROOT].sort());
    await api(`${AUD}/persons/${yolandaId}/`, { method: 'PATCH', json: { positions_removed: [positionId, rootId] } });

    // the chart: search the person, the chart centres their position and the panel lists them
    await goto(page, '/org-chart', '[data-testid=org-chart-canvas]');
    await page.getByTestId('org-chart-search').fill('quintina ñuñez');
    await page.getByRole('option', { name: new RegExp(PERSON) }).click();
    const panel = page.getByTestId('org-chart-panel');
    await panel.getByRole('heading', { name: POSITION }).waitFor();
    await panel.getByRole('link', { name: PERSON }).waitFor();
    expect(await panel.textContent()).toContain(ROOT);
    const node = page.locator('[data-testid=org-chart-node][aria-selected=true]');
    expect(await node.textContent()).toContain(PERSON);
    await expect.poll(() => node.evaluate((element) => element === document.activeElement)).toBe(true);
    // the card is (once the pan's animation ends) inside the visible canvas, beside the panel
    const canvas = (await page.getByTestId('org-chart-canvas').boundingBox())!;
    await expect
      .poll(async () => {
        const box = (await node.boundingBox())!;
        return box.x >= canvas.x && box.y >= canvas.y && box.x + box.width <= canvas.x + canvas.width && box.y + box.height <= canvas.y + canvas.height;
      })
      .toBe(true);
    await shot(page, 'org-chart-found', 'desktop');

    // keyboard: up to the parent, Enter opens it; + zooms; 0 fits
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent ?? '')).toContain(ROOT);
    await page.keyboard.press('Enter');
    await panel.getByRole('heading', { name: ROOT }).waitFor();
    const zoom = page.getByTestId('org-chart-zoom');
    const before = Number((await zoom.textContent())!.replace('%', ''));
    await page.keyboard.press('+');
    await expect.poll(async () => Number((await zoom.textContent())!.replace('%', ''))).toBeGreaterThan(before);
    // Space folds the root's subtree: the new position disappears, and comes back
    await page.keyboard.press(' ');
    await expect.poll(() => page.locator('[data-testid=org-chart-node]', { hasText: POSITION }).count()).toBe(0);
    await page.keyboard.press(' ');
    await page.locator('[data-testid=org-chart-node]', { hasText: POSITION }).waitFor();

    // the mouse: dragging pans, the wheel zooms
    const plane = page.getByTestId('org-chart-canvas');
    const start = await settledBox(page.locator('[data-testid=org-chart-node]', { hasText: ROOT }));
    await page.mouse.move(canvas.x + 40, canvas.y + canvas.height - 40);
    await page.mouse.down();
    await page.mouse.move(canvas.x + 140, canvas.y + canvas.height - 90, { steps: 5 });
    await page.mouse.up();
    const moved = await page.locator('[data-testid=org-chart-node]', { hasText: ROOT }).boundingBox();
    expect(moved!.x - start!.x).toBeCloseTo(100, 0);
    expect(moved!.y - start!.y).toBeCloseTo(-50, 0);
    const zoomBefore = await zoom.textContent();
    await plane.hover();
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoom.textContent()).not.toBe(zoomBefore);
    await expectAccessible(page, '/org-chart');

    // the person's detail says where they stand: under the (vacant) root position, nobody below
    await goto(page, `/people/${personId}`, '[data-testid=person-team-managers]');
    const managers = page.getByTestId('person-team-managers');
    await managers.getByText(ROOT).waitFor();
    expect(await managers.textContent()).toContain('Cargo vacante');
    expect(await page.getByTestId('person-team-reports').textContent()).toContain('Nadie a su cargo.');
    await page.getByTestId('person-team').scrollIntoViewIfNeeded();
    await shot(page, 'person-team', 'desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses to save a position without a title and maps the server's code conflict onto the field", async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, '/positions/new', '[data-testid=position-save]');
    await page.getByTestId('position-save').click();
    await page.getByText('Escribe el nombre del cargo.').waitFor();
    await page.getByLabel('Nombre del cargo').fill(`Duplicado ${run}`);
    await page.getByLabel('Código').fill(`CP-${run}`);
    await page.getByTestId('position-save').click();
    await page.getByText('Otro cargo ya usa este código.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads the chart as it is shown, as a PNG and as an SVG picture', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, '/org-chart', '[data-testid=org-chart-node]');
    await page.getByRole('button', { name: 'Expandir todo' }).click();
    const save = async (item: string) => {
      await page.getByTestId('org-chart-download').click();
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(item).click()]);
      return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
    };
    const png = await save('org-chart-download-png');
    expect(png.name).toMatch(/^Organigrama .+ \d{4}-\d{2}-\d{2}\.png$/);
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // IHDR: a picture wider than the screen's chart area (every branch open, drawn at twice the size)
    expect(png.bytes.readUInt32BE(16)).toBeGreaterThan(2000);
    expect(png.bytes.readUInt32BE(20)).toBeGreaterThan(500);
    writeFileSync(join(SCREENSHOTS, 'org-chart-download.png'), png.bytes);
    const svg = await save('org-chart-download-svg');
    expect(svg.name).toMatch(/\.svg$/);
    const text = svg.bytes.toString('utf8');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('<title>Faena Demo');
    expect(text).toContain(ROOT);
    expect(text).toContain('Gerente General');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['mobile'] as const) {
    it(`a member without the directory finds their position and who they report to on their profile (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'operario');
      // a phone reaches the profile from the top bar; a desktop from the account's page
      if (viewport === 'mobile') await page.click('[data-testid=profile-link]');
      else {
        await goto(page, '/my-account', 'main');
        await page.getByRole('main').getByRole('link', { name: 'Perfil', exact: true }).click();
      }
      const place = page.getByTestId('profile-place');
      await place.getByText('Operario de Bodega').waitFor();
      await place.getByText('Centro de Distribución Sur').waitFor();
      expect(await page.getByTestId('profile-record').count()).toBe(0);
      const managers = page.getByTestId('person-team-managers');
      await managers.getByText('Jefe de Bodega').waitFor();
      expect(await managers.getByRole('link').count()).toBe(0);
      await page.getByText('Nadie a tu cargo.').waitFor();
      await shot(page, 'profile-place', viewport);
      await expectAccessible(page, `/profile of a member ${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`shows the chart with a selected position, the positions, an audience and the calculator (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'admin');
      await goto(page, `/org-chart?position=${rootId}`, '[data-testid=org-chart-panel]');
      await page.getByTestId('org-chart-panel').getByRole('heading', { name: ROOT }).waitFor();
      await shot(page, 'org-chart', viewport);
      // on a phone the position's panel is a bottom drawer
      await expectAccessible(page, `/org-chart with a position's panel ${viewport}`);
      await goto(page, '/positions', '[data-testid=position-row]');
      await shot(page, 'positions-list', viewport);
      await expectAccessible(page, `/positions ${viewport}`);
      await goto(page, `/positions/${rootId}`, '[data-testid=position-save]');
      await shot(page, 'position-edit', viewport);
      await expectAccessible(page, `position form ${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('audiences and the permissions calculator', () => {
  it('creates an audience by position, previews whom it reaches, and lists it', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await goto(page, '/audiences/new', '[data-testid=audience-save]');
    await page.getByLabel('Nombre').fill(AUDIENCE);
    await pick(page, 'rule-positions', POSITION);
    await expect.poll(() => page.getByTestId('audience-count').textContent(), { timeout: 15_000 }).toBe('1 persona');
    expect(await page.getByTestId('audience-person').textContent()).toContain(PERSON);
    // a member opens their detail
    expect(await page.getByTestId('audience-person').getByRole('link', { name: PERSON }).getAttribute('href')).toMatch(/^\/people\/[0-9a-f-]{36}$/);
    // an explicit person adds to the union
    await pick(page, 'rule-persons', 'Administración', /Administración Faena/);
    await expect.poll(() => page.getByTestId('audience-count').textContent(), { timeout: 15_000 }).toBe('2 personas');
    await shot(page, 'audience-form', 'desktop');
    await expectAccessible(page, 'audience form with its preview');
    await page.getByTestId('audience-save').click();
    await page.waitForURL(/\/audiences$/);
    const row = page.getByTestId('audience-row').filter({ hasText: AUDIENCE });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/1 cargo.*1 persona/);
    await expectAccessible(page, '/audiences');
    // the person's detail says which audiences reach them, and why
    await goto(page, `/people/${personId}`, '[data-testid=person-audiences]');
    const membership = page.getByTestId('person-audience').filter({ hasText: AUDIENCE });
    await membership.waitFor();
    expect(await membership.textContent()).toContain('por su cargo');
    await membership.getByRole('link', { name: AUDIENCE }).click();
    await page.waitForURL(/\/audiences\/[0-9a-f-]{36}$/);
    await page.getByTestId('audience-save').waitFor();
    // Two managers at once: someone renames the audience and names Quintina in it while this page
    // is open; saving a new description and the root position's rule sends those alone, so their
    // name and their rule stay.
    const audienceId = new URL(page.url()).pathname.split('/').at(-1)!;
    await api(`${AUD}/audiences/${audienceId}/`, { method: 'PATCH', json: { name: `${AUDIENCE} (renombrada)`, rules_added: { persons: [personId] } } });
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Para avisos del turno');
    await pick(page, 'rule-positions', ROOT);
    await page.getByTestId('audience-save').click();
    await page.waitForURL(/\/audiences$/);
    const saved = await api<{ name: string; description: string; rules: { positions: string[]; persons: string[] } }>(`${AUD}/audiences/${audienceId}/`);
    expect(saved).toMatchObject({ name: `${AUDIENCE} (renombrada)`, description: 'Para avisos del turno' });
    expect(saved.rules.persons).toContain(personId);
    expect(saved.rules.positions).toHaveLength(2);
    expect(saved.rules.positions).toContain(rootId);
    await api(`${AUD}/audiences/${audienceId}/`, { method: 'PATCH', json: { name: AUDIENCE, rules_removed: { persons: [personId], positions: [rootId] } } });
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['desktop'] as const) {
    it(`explains where a person's permissions come from (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInAs(page, 'admin');
      await goto(page, '/calculadora-permisos', '[data-testid=calc-persons]');
      // found by her phone, which her option names with the digits typed marked
      const input = page.getByTestId('calc-persons').locator('input').first();
      await input.click();
      await input.fill(PHONE_DIGITS);
      const found = page.getByRole('option', { name: new RegExp(PERSON) });
      const phone = `${PHONE_DIGITS.slice(0, 4)} ${PHONE_DIGITS.slice(4)}`;
      await found
        .getByTestId('person-search-match')
        .filter({ hasText: `Coincide con el teléfono +56 9 ${phone}` })
        .waitFor();
      expect(await found.getByTestId('search-mark').allTextContents()).toEqual([phone]);
      await shot(page, 'calculator-picker-phone', viewport);
      await expectAccessible(page, `a people picker's options ${viewport}`);
      await input.fill('');
      await page.keyboard.press('Escape');
      await pick(page, 'calc-persons', PERSON_SEARCH, new RegExp(PERSON));
      const row = page.locator('[data-testid=calc-permission][data-key=VIEW_ORG_CHART]');
      await row.waitFor({ timeout: 15_000 });
      // granted by the position (its default) and present in the person's own set
      await row.getByRole('link', { name: `Cargo ${POSITION}` }).waitFor();
      await row.getByRole('link', { name: `Persona ${PERSON}` }).waitFor();
      await shot(page, 'calculator', viewport);
      // the audience alone gives the same answer for its two persons
      await pick(page, 'calc-audience', AUDIENCE);
      await expect.poll(() => page.getByTestId('calc-result').textContent()).toMatch(/Se analizaron 2 personas/);
      if (viewport === 'desktop') await expectAccessible(page, '/calculadora-permisos');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
