import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { VIEWPORT_NAMES, adminApi, expectAccessible, goto, launch, openPage, shot, signInAs } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function menuLabels(page: Page): Promise<string[]> {
  return page.locator('[data-testid=nav-menu] a').allTextContents();
}

describe('navigation filtered by permission', () => {
  it('desktop: the operario (no VIEW_PEOPLE) sees no Organización; the administrator does', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'operario');
    const operario = await menuLabels(page);
    expect(operario).toContain('Inicio');
    expect(operario).not.toContain('Organización');
    expect(await page.locator('[data-testid=settings-gear]').count()).toBe(0);
    await page.click('[data-testid=sign-out]');
    await page.waitForSelector('[data-testid=demo-accounts]');

    await signInAs(page, 'admin');
    const admin = await menuLabels(page);
    expect(admin).toEqual(
      expect.arrayContaining([
        'Inicio',
        'Comunicados',
        'Actividades',
        'Links de interés',
        'Reportes',
        'Activos',
        'Organización',
        'Organigrama',
        'Checklists',
        'Audiencias',
        'Workflows',
        'Administración de checklists',
      ]),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mobile: the drawer of the operario has no Organización either', async () => {
    const { page, context } = await openPage(browser, 'mobile');
    await signInAs(page, 'operario');
    await page.click('[data-testid=menu-button]');
    await page.waitForSelector('[data-testid=nav-menu]');
    const labels = await menuLabels(page);
    expect(labels).toContain('Actividades');
    expect(labels).not.toContain('Organización');
    await context.close();
  });
});

describe('desktop shell', () => {
  it('top bar: logo home, search, settings gear, bell popup, profile popup; footer version', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    expect(await page.textContent('[data-testid=app-footer]')).toContain('1.2.257');

    // Until the notifications chunk loads, the bell is a plain link to /notifications: wait for the popup trigger.
    await page.locator('[data-testid=bell][aria-haspopup=dialog]').waitFor();
    await page.click('[data-testid=bell]');
    await page.locator('[data-testid=bell-popup] [data-testid=notification-list]').waitFor();
    await shot(page, 'bell-popup', 'desktop');
    await page.keyboard.press('Escape');

    await page.click('[data-testid=profile-button]');
    const popup = page.locator('[data-testid=profile-popup]');
    await popup.getByText('admin@faena.test').waitFor();
    expect(await popup.getByRole('link', { name: 'Editar perfil' }).count()).toBe(1);
    expect(await popup.getByRole('link', { name: 'Configuración' }).count()).toBe(1);
    await shot(page, 'profile-popup', 'desktop');
    await page.keyboard.press('Escape');

    await page.fill('input[data-testid=search-box]', 'Comuni');
    await page.getByRole('option', { name: 'Comunicados' }).click();
    await page.waitForURL(/\/posts$/);
    await page.waitForSelector('[data-testid=posts-list]');
    // an area that is no menu entry, found by its English name in the Spanish interface
    await page.fill('input[data-testid=search-box]', 'Venues');
    await page.getByRole('option', { name: 'Sedes' }).click();
    await page.waitForURL(/\/venues$/);
    await page.fill('input[data-testid=search-box]', 'organizacion');
    await page.getByRole('option', { name: 'Perfil de la organización' }).waitFor();
    await page.keyboard.press('Escape');

    await page.click('[data-testid=logo-link]');
    await page.waitForSelector('[data-testid=home-greeting]');
    await page.click('[data-testid=settings-gear]');
    await page.waitForSelector('[data-testid=language-select]');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('mobile shell', () => {
  it('three-column tab bar with a plus button and overlay grid; drawer of viewport − 4.25rem with a close button', async () => {
    const { page, context, errors } = await openPage(browser, 'mobile');
    await signInAs(page, 'operario');
    await page.waitForSelector('[data-testid=tab-bar]');
    const columns = await page.$eval('[data-testid=tab-bar]', (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    // Home, Activities, Reports, one tab per startable workflow (the demo's "Solicitud de compra"…)
    // and Assets: more than three, so the third column is the plus button.
    expect(await page.locator('[data-testid=tab-bar] > *').count()).toBe(3);
    expect(await page.locator('[data-testid=tab-home]').count()).toBe(1);
    expect(await page.locator('[data-testid=tab-activities]').count()).toBe(1);
    await shot(page, 'mobile-home', 'mobile');

    await page.click('[data-testid=tab-more]');
    const overflow = page.getByRole('dialog', { name: 'Más secciones' });
    await overflow.getByRole('link', { name: 'Reportes' }).waitFor();
    expect(await overflow.getByRole('link', { name: 'Activos' }).count()).toBe(1);
    await shot(page, 'mobile-tab-overflow', 'mobile');
    await overflow.getByRole('link', { name: 'Reportes' }).click();
    await page.waitForURL(/\/reports\/list$/);

    await page.click('[data-testid=tab-activities]');
    await page.waitForURL(/\/activities$/);
    await page.waitForSelector('[data-testid=tab-activities][aria-current=page]');

    await page.click('[data-testid=menu-button]');
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Inicio' }).waitFor();
    await page.waitForTimeout(400);
    const width = await page.$eval('.mantine-Drawer-content', (el) => el.getBoundingClientRect().width);
    expect(Math.round(width)).toBe(390 - 68);
    // the account's links, as in the desktop profile popup (edit profile behind its flag), plus Sync;
    // settings need VIEW_SETTINGS, which an operator does not have
    for (const name of ['Mi cuenta', 'Editar perfil', 'Sincronización']) expect(await drawer.getByRole('link', { name }).count()).toBe(1);
    expect(await drawer.getByRole('link', { name: 'Configuración' }).count()).toBe(0);
    await shot(page, 'mobile-drawer', 'mobile');
    await expectAccessible(page, 'mobile drawer');
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
    await drawer.waitFor({ state: 'detached' }).catch(() => undefined);
    expect(await page.locator('.mantine-Drawer-content').count()).toBe(0);

    expect(await page.locator('[data-testid=notifications-link]').count()).toBe(1);
    await page.click('[data-testid=profile-link]');
    await page.waitForURL(/\/profile$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(VIEWPORT_NAMES)('screens (%s)', (viewport) => {
  it("shows 'Page Not Found' with a way home", async () => {
    const { page, context } = await openPage(browser, viewport);
    await goto(page, '/esto/no/existe', '[data-testid=not-found]');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    await shot(page, 'not-found', viewport);
    await expectAccessible(page, `not found ${viewport}`);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForSelector('[data-testid=demo-accounts]');
    await context.close();
  });

  it('switches the language (and <html lang>)', async () => {
    const { page, context } = await openPage(browser, viewport);
    await signInAs(page, 'admin');
    await goto(page, '/settings', '[data-testid=language-select]');
    await shot(page, 'settings', viewport);
    await expectAccessible(page, `/settings ${viewport}`);
    await page.click('input[data-testid=language-select]');
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    if (viewport === 'desktop') expect(await menuLabels(page)).toContain('Organization');
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await goto(page, '/no-such-page', '[data-testid=not-found]');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
    await page.evaluate(() => localStorage.setItem('faena.language', 'es'));
    await context.close();
  });

  it('shows the unknown-error page with every action (simulate error)', async () => {
    const { page, context } = await openPage(browser, viewport);
    await signInAs(page, 'admin');
    await goto(page, '/settings', '[data-testid=simulate-error]');
    await page.click('[data-testid=simulate-error]');
    await page.waitForSelector('[data-testid=error-page]');
    for (const name of ['Recargar página', 'Ir al inicio', 'Intentar más tarde', 'Borrar datos de la app', 'Detalles técnicos']) {
      expect(await page.getByRole('button', { name }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: /soporte@faena.app/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Detalles técnicos' }).click();
    await page
      .getByText(/SimulatedError: Simulated error/)
      .first()
      .waitFor();
    await shot(page, 'error-page', viewport);
    await expectAccessible(page, `error page ${viewport}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar informe (HTML)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^faena-error-.*\.html$/);
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await page.waitForSelector('[data-testid=home-greeting]');
    await context.close();
  });
});

describe('more screens', () => {
  it('debug view on Shift-Shift, sync screen, /reports → /reports/list', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await page.keyboard.press('Shift');
    await page.keyboard.press('Shift');
    const debug = page.getByRole('dialog', { name: 'Vista de depuración' });
    await debug.getByText('admin@faena.test').waitFor();
    await debug.getByText('VIEW_PEOPLE').waitFor();
    await debug.getByText('1.2.257').waitFor();
    await shot(page, 'debug-view', 'desktop');
    await page.keyboard.press('Escape');

    await goto(page, '/sync', '[data-testid=sync-empty]');
    await shot(page, 'sync', 'desktop');
    // every module of the spec is built now: nothing says 'Módulo en construcción' any more
    await goto(page, '/reports', '[data-testid=report-card], [data-testid=reports-empty]');
    expect(new URL(page.url()).pathname).toBe('/reports/list');
    expect(await page.locator('[data-testid=under-construction]').count()).toBe(0);
    await context.close();
  });
});

describe('keyboard', () => {
  it('reaches the skip link first, then every control of the shell with a visible focus and a name', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    await signInAs(page, 'admin');
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const box = el.getBoundingClientRect();
      return { text: el.textContent, visible: box.top >= 0 && box.height > 0 };
    });
    expect(skip).toEqual({ text: 'Saltar al contenido', visible: true });

    const seen: { name: string; focusVisible: boolean }[] = [];
    // Far enough to pass the top bar (bell, notifications prompt) and reach the menu.
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        // when what had the focus goes away (toasts left by earlier tests come and go here), the focus is on the body: no control to judge
        if (el === document.body) return null;
        const style = getComputedStyle(el);
        const label = el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ?? el.textContent ?? '';
        return { name: label.trim(), focusVisible: el.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none') };
      });
      if (focused) seen.push(focused);
    }
    expect(seen.filter((s) => !s.name)).toEqual([]);
    expect(seen.filter((s) => !s.focusVisible)).toEqual([]);
    const names = seen.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Buscar', 'Configuración', 'Inicio', 'Comunicados']));
    // The bell comes after the menu in the tab order; toasts left by earlier tests may sit in
    // between, so keep tabbing (bounded) until the bell itself has the focus.
    let bell: string | null = null;
    for (let i = 0; i < 80 && bell === null; i++) {
      bell = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('data-testid') === 'bell' ? (el.getAttribute('aria-label') ?? '') : null;
      });
      if (bell === null) await page.keyboard.press('Tab');
    }
    // The bell's name may carry the unread count.
    expect(bell, `names reached first: ${JSON.stringify(names)}`).toMatch(/^Notificaciones/);
    await context.close();
  });
});

describe('a document shared with a person (issue 45 point 5)', () => {
  for (const viewport of ['mobile'] as const) {
    it(`${viewport}: the administrator shares a document; the operario is told, and the notification opens it`, async () => {
      const title = `Reglamento ${viewport} ${Date.now().toString(36)}`;
      const admin = await openPage(browser, viewport);
      const operario = await openPage(browser, viewport);
      try {
        await signInAs(admin.page, 'admin');
        // a PDF stored through the upload server as FilePond sends it, then a document of the area
        await adminApi(admin.page, 'GET', '/api/auth/v3/me'); // signs the API helper in
        const uploadId = await admin.page.evaluate(async () => {
          const token = (window as unknown as { __e2eToken: string }).__e2eToken;
          const form = new FormData();
          form.append('filepond', '{}');
          form.append('filepond', new Blob(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'], { type: 'application/pdf' }), 'reglamento.pdf');
          const temporary = await (await fetch('/api/document-manager/v3/upload/process/', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).text();
          const stored = await fetch(`/api/document-manager/v3/filepond/${temporary}/store`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ temporary_upload: temporary }),
          });
          return ((await stored.json()) as { upload_id: string }).upload_id;
        });
        const document = await adminApi<{ id: string }>(admin.page, 'POST', '/api/document-manager/v3/documents/', { upload_id: uploadId, title });
        const persons = await adminApi<{ results: { id: string; primary_email: string | null }[] }>(admin.page, 'GET', '/api/audiences/v3/persons/?search=operario%40faena.test');
        const person = persons.results.find((p) => p.primary_email === 'operario@faena.test')!;
        await adminApi(admin.page, 'POST', `/api/document-manager/v3/documents/${document.id}/shares/`, { person_ids: [person.id] });

        // the administrator sees who has it in the document's share dialog
        await goto(admin.page, '/document-types-administration', '[data-testid=document-row]');
        const row = admin.page.locator('[data-testid=document-row]', { hasText: title });
        await row.getByRole('button', { name: `Acciones de ${title}` }).click();
        await admin.page.click('[data-testid=document-share]');
        await admin.page.locator('[data-testid=share-row]').first().waitFor();
        expect(await admin.page.locator('[data-testid=share-row]').count()).toBe(1);
        await shot(admin.page, 'documents-share', viewport);
        await expectAccessible(admin.page, `share dialog (${viewport})`);

        // the operario: the notification, which opens the document
        await signInAs(operario.page, 'operario');
        await goto(operario.page, '/notifications', '[data-testid=notifications-page-list]');
        const told = operario.page.locator('[data-testid=notifications-page-list] [data-testid=notification-item]', { hasText: title });
        await told.waitFor({ timeout: 20_000 });
        expect(await told.textContent()).toContain('Compartieron un documento contigo');
        await told.locator('[data-testid=notification-open]').click();
        await operario.page.waitForURL(new RegExp(`/documents/shared/${document.id}$`));
        const shared = operario.page.locator('[data-testid=shared-document]').first();
        await shared.waitFor();
        expect(await shared.textContent()).toContain(title);
        await shot(operario.page, 'documents-shared-with-me', viewport);
        await expectAccessible(operario.page, `shared with me (${viewport})`);
        expect(admin.errors).toEqual([]);
        expect(operario.errors).toEqual([]);
      } finally {
        await admin.context.close();
        await operario.context.close();
      }
    }, 240_000);
  }
});
