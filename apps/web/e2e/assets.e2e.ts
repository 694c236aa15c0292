import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, expectAccessible, goto, launch, openPage, shot, signInAs } from './helpers.ts';

interface Created {
  id: string;
  code: string;
  label_token: string;
  public_url: string;
}

const stamp = Date.now().toString(36);
let browser: Browser;
let cameraBrowser: Browser | undefined;
let asset: Created;
let typeId: string;
let videoFile: string;
let photoFile: string;

/** The modules of a QR code (bwip-js), 1 = dark. */
function qrModules(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const [matrix] = bwipjs.raw('qrcode', text, 'eclevel=M') as { pixs: number[]; pixx: number; pixy: number }[];
  if (!matrix) throw new Error('no QR matrix');
  return { size: matrix.pixx, dark: (x, y) => matrix.pixs[y * matrix.pixx + x] === 1 };
}

/**
 * A Y4M video (what Chromium's fake camera plays with --use-file-for-fake-video-capture): 640×480,
 * every frame the QR code, black modules on white with a quiet zone, centred.
 */
function qrVideo(text: string): Buffer {
  const width = 640;
  const height = 480;
  const { size, dark } = qrModules(text);
  const scale = Math.floor(400 / (size + 8));
  const side = size * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      if (dark(Math.floor(x / scale), Math.floor(y / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]);
}

async function statusOf(page: Page): Promise<string | null> {
  return page.locator('[data-testid=asset-name]').locator('xpath=ancestor::*[1]').locator('[data-testid=maintenance-status]').first().getAttribute('data-status');
}

beforeAll(async () => {
  browser = await launch();
  // The asset, made through the API as the administrator: a category, a type, the asset (responsible: the supervisor)
  const setup = await openPage(browser, 'desktop');
  try {
    await goto(setup.page, '/login', 'body');
    const category = await adminApi<{ id: string }>(setup.page, 'POST', '/api/asset-manager/v3/categories/', { name: `Bodega ${stamp}` });
    const type = await adminApi<{ id: string }>(setup.page, 'POST', '/api/asset-manager/v3/asset-types/', {
      name: `Grúa horquilla ${stamp}`,
      category: category.id,
      icon: 'forklift',
      color: '#e8590c',
    });
    typeId = type.id;
    const people = await adminApi<{ results: { passport: string; name: string }[] }>(setup.page, 'GET', '/api/audiences/v3/persons/?search=Camila%20Rojas');
    const supervisor = people.results.find((person) => person.name === 'Camila Rojas');
    asset = await adminApi<Created>(setup.page, 'POST', '/api/asset-manager/v3/assets/', {
      code: `GH-${stamp}`.toUpperCase(),
      name: 'Grúa horquilla eléctrica',
      manufacturer: 'Toyota',
      model: '8FBE15',
      type: type.id,
      responsible: supervisor?.passport ?? null,
      description: 'Grúa de la bodega central.',
      purchase_date: '2024-01-15',
      purchase_cost: 1200000,
      useful_life_years: 5,
      salvage_value: 200000,
    });
  } finally {
    await setup.context.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'faena-assets-e2e-'));
  videoFile = join(dir, 'qr.y4m');
  writeFileSync(videoFile, qrVideo(asset.public_url));
  photoFile = join(dir, 'problema.png');
  writeFileSync(photoFile, await bwipjs.toBuffer({ bcid: 'code128', text: 'foto del problema', scale: 3 }));
  // Chromium with a fake camera that shows the label's QR code (permission granted without a prompt)
  cameraBrowser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
});
afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
});

describe('assets', () => {
  it('mobile: an unknown code is refused with the spec text; the camera reads the label → the asset; a problem reported signed out turns it maintenance_needed; completing the maintenance turns it ok; a preventive plan shows on its calendar', async () => {
    const worker = await openPage(cameraBrowser!, 'mobile');
    const visitor = await openPage(browser, 'mobile');
    try {
      await signInAs(worker.page, 'supervisora');

      // a typed code that no asset has
      await goto(worker.page, '/assets/scan', '[data-testid=scan-code-input]');
      await worker.page.fill('[data-testid=scan-code-input]', `NADA-${stamp}`);
      await worker.page.click('[data-testid=scan-code-submit]');
      await expect.poll(() => worker.page.locator('[data-testid=scan-error]').textContent()).toBe(`Could not find an asset with the code NADA-${stamp}`);
      await shot(worker.page, 'assets-scan-unknown', 'mobile');
      await expectAccessible(worker.page, 'asset scan');

      // the camera reads the QR code of the label (zxing-wasm served by Faena: Chromium on Linux has no BarcodeDetector)
      await worker.page.click('[data-testid=start-camera]');
      await worker.page.waitForURL((address) => address.pathname === `/assets/${asset.id}`, { timeout: 30_000 });
      await worker.page.waitForSelector('[data-testid=asset-name]');
      expect(await worker.page.locator('[data-testid=asset-name]').textContent()).toBe('Grúa horquilla eléctrica');
      expect(await statusOf(worker.page)).toBe('ok');
      await shot(worker.page, 'assets-detail-after-scan', 'mobile');
      await expectAccessible(worker.page, 'asset detail');
      // the scan is in my history
      await goto(worker.page, '/assets/scan', '[data-testid=scan-history-row]');
      expect(await worker.page.locator('[data-testid=scan-history-row]').first().textContent()).toContain('Grúa horquilla eléctrica');

      // someone without an account reports a problem from the label's public page, with a photo
      await goto(visitor.page, `/public/assets/${asset.label_token}`, '[data-testid=public-report-description]');
      expect(await visitor.page.locator('[data-testid=public-asset-name]').textContent()).toBe('Grúa horquilla eléctrica');
      await visitor.page.fill('[data-testid=public-report-description]', 'Pierde aceite hidráulico bajo el mástil.');
      await visitor.page.getByLabel('Tu nombre (opcional)').fill('Pedro Visita');
      await visitor.page.locator('input[type=file]').setInputFiles(photoFile);
      await visitor.page.waitForSelector('[data-testid=public-report-photo-preview]');
      await shot(visitor.page, 'assets-public-report', 'mobile');
      await expectAccessible(visitor.page, 'public label page');
      await visitor.page.click('[data-testid=public-report-submit]');
      await visitor.page.waitForSelector('[data-testid=public-report-done]');
      await shot(visitor.page, 'assets-public-report-done', 'mobile');

      // the asset now needs maintenance, and says why
      await goto(worker.page, `/assets/${asset.id}/detail?tab=maintenance`, '[data-testid=maintenance-row]');
      expect(await statusOf(worker.page)).toBe('maintenance_needed');
      expect(await worker.page.locator('[data-testid=status-reason]').first().textContent()).toMatch(/Mantenimiento correctivo abierto desde/);
      const row = worker.page.locator('[data-testid=maintenance-row]').first();
      expect(await row.textContent()).toContain('Pierde aceite hidráulico');
      expect(await row.getAttribute('data-state')).toBe('InProcess');
      await shot(worker.page, 'assets-maintenance-needed', 'mobile');

      // the maintenance is carried out: completed with its cost → ok
      await row.locator('[data-testid=complete-maintenance]').click();
      await worker.page.fill('[data-testid=maintenance-cost]', '85000');
      await shot(worker.page, 'assets-complete-maintenance', 'mobile');
      await worker.page.click('[data-testid=complete-maintenance-submit]');
      await expect.poll(() => statusOf(worker.page)).toBe('ok');
      await expect.poll(() => worker.page.locator('[data-testid=maintenance-row]').first().getAttribute('data-state')).toBe('Success');
      await shot(worker.page, 'assets-maintenance-done', 'mobile');

      // a weekly preventive plan from tomorrow → its occurrences on the asset's calendar
      const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
      const pad = (n: number) => String(n).padStart(2, '0');
      await worker.page.click('[data-testid=new-plan]');
      await worker.page.fill('[data-testid=plan-title]', 'Revisión de frenos y cadenas');
      await worker.page.click('[data-testid=plan-frequency]');
      await worker.page.getByRole('option', { name: 'semanas' }).click();
      await worker.page.fill('[data-testid=plan-start]', `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:00`);
      await worker.page.click('[data-testid=plan-submit]');
      await worker.page.waitForSelector('[data-testid=plan-row]');
      expect(await worker.page.locator('[data-testid=plan-row]').first().textContent()).toContain('Cada semana');
      await worker.page.click('[data-testid=asset-calendar-link]');
      await worker.page.waitForURL((address) => address.pathname === `/assets/${asset.id}/calendar`);
      await worker.page.waitForSelector('[data-testid=asset-calendar] .fc');
      const events = worker.page.locator('[data-testid=asset-calendar] .fc-list-event', { hasText: 'Revisión de frenos y cadenas' });
      await expect
        .poll(
          async () => {
            if ((await events.count()) === 0) await worker.page.locator('.fc-next-button').click();
            return events.count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      await shot(worker.page, 'assets-calendar', 'mobile');
      expect(worker.errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
    } finally {
      await worker.context.close();
      await visitor.context.close();
    }
  }, 180_000);

  it('desktop: the administrator sees the overview, the filtered list, the asset with its investment, downloads a QR label sheet, and the administration', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    try {
      await signInAs(page, 'admin');
      await goto(page, '/assets', '[data-testid=overview-total]');
      await shot(page, 'assets-overview', 'desktop');
      await expectAccessible(page, 'assets overview');

      await goto(page, `/assets/list?search=${encodeURIComponent(asset.code)}`, '[data-testid=asset-row]');
      expect(await page.locator('[data-testid=asset-row]').count()).toBe(1);
      await shot(page, 'assets-list', 'desktop');
      await expectAccessible(page, 'assets list');

      await goto(page, `/assets/${asset.id}/investment`, '[data-testid=depreciation-table]');
      expect(await page.locator('[data-testid=depreciation-table] tbody tr').count()).toBe(5);
      await shot(page, 'assets-investment', 'desktop');

      // a QR label sheet of the chosen asset, made by the server, downloads as a PDF
      await goto(page, '/assets/qr-generator', '[data-testid=labels-download]');
      await page.locator('[data-testid=labels-assets]').click();
      await page.locator('[data-testid=labels-assets]').fill(asset.code);
      await page.getByRole('option', { name: new RegExp(asset.code) }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('[data-testid=labels-count]').textContent()).toBe('1 etiqueta');
      await shot(page, 'assets-qr-generator', 'desktop');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=labels-download]')]);
      expect(download.suggestedFilename()).toBe('etiquetas-qr.pdf');
      const file = await download.path();
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

      await goto(page, '/assets/administration', '[data-testid=category-link]');
      await shot(page, 'assets-administration', 'desktop');
      await expectAccessible(page, 'assets administration');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
  for (const viewport of ['mobile'] as const) {
    it(`${viewport}: a checklist executed at an asset with a failed item opens a corrective maintenance; the asset turns maintenance_needed and lists the inspection`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      try {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await signInAs(page, 'supervisora');
        // an asset and a one-item inspection (a critical yes/no), made through the API by the administrator
        const truck = await adminApi<Created>(page, 'POST', '/api/asset-manager/v3/assets/', { code: `CAM-${viewport}-${stamp}`.toUpperCase(), name: `Camión ${viewport}`, type: typeId });
        const checklistCategory = await adminApi<{ id: string }>(page, 'POST', '/api/checklists/v3/categories/', { name: `Flota ${viewport} ${stamp}` });
        const checklist = await adminApi<{ id: string }>(page, 'POST', '/api/checklists/v3/checklists/', {
          name: `Inspección de camión ${viewport} ${stamp}`,
          category: checklistCategory.id,
          sections: [{ id: 's', title: 'Camión', field_ids: [1] }],
          fields: [{ id: 1, type: 'boolean', name: 'frenos', label: '¿Frenos en buen estado?', required: true }],
          items: [{ field_id: 1, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } }],
        });

        // the runner's start step: pick the asset, start, answer "No", submit
        await goto(page, `/checklists/${checklist.id}/execute`, '[data-testid=execute-asset]');
        await page.getByTestId('execute-asset').click();
        await page.getByTestId('execute-asset').fill(truck.code);
        await page.getByRole('option', { name: new RegExp(truck.code) }).click();
        await shot(page, 'assets-inspection-start', viewport);
        await expectAccessible(page, `checklist start at an asset (${viewport})`);
        await page.getByTestId('execution-start').click();
        await page.getByTestId('section-title').waitFor();
        await page.getByTestId('field-frenos').getByText('No', { exact: true }).click();
        await page.getByTestId('form-submit').click();
        await page.getByTestId('execution-submit').click();

        // the result names the maintenance the failed item opened
        await page.getByTestId('execution-result').waitFor({ timeout: 20_000 });
        await page.getByTestId('asset-maintenance-row').waitFor();
        expect(await page.getByTestId('asset-maintenance-row').textContent()).toContain(truck.code);
        expect(await page.getByTestId('asset-maintenance-status').textContent()).toBe('En curso');
        await shot(page, 'assets-inspection-result', viewport);

        // the asset: maintenance_needed, the corrective maintenance from the inspection, the inspection listed
        await page.getByTestId('asset-maintenance-row').getByRole('link').click();
        await page.waitForURL((address) => address.pathname === `/assets/${truck.id}/detail`);
        await page.getByTestId('maintenance-row').first().waitFor();
        expect(await statusOf(page)).toBe('maintenance_needed');
        expect(await page.getByTestId('maintenance-row').first().textContent()).toContain('Ítem crítico reprobado: ¿Frenos en buen estado?');
        await page.getByTestId('maintenance-inspection').first().waitFor();
        await page.getByTestId('inspection-row').first().waitFor();
        expect(await page.getByTestId('inspection-row').first().textContent()).toContain(`Inspección de camión ${viewport}`);
        await shot(page, 'assets-inspection-maintenance', viewport);
        await expectAccessible(page, `asset with an inspection's maintenance (${viewport})`);

        // a meter with a plan by use: a reading past its threshold opens a preventive maintenance
        await page.getByTestId('new-meter').click();
        await page.getByTestId('meter-name').fill('Horómetro');
        await page.getByTestId('meter-unit').fill('h');
        await page.getByTestId('meter-initial').fill('100');
        await page.getByTestId('meter-submit').click();
        await page.getByTestId('meter-row').waitFor();
        await page.getByTestId('new-meter-plan').click();
        await page.getByTestId('meter-plan-title').fill('Cambio de aceite');
        await page.getByTestId('meter-plan-every').fill('250');
        await page.getByTestId('meter-plan-submit').click();
        await page.getByTestId('meter-plan-row').waitFor();
        await page.getByTestId('meter-reading-input').fill('400');
        await page.getByTestId('meter-reading-submit').click();
        await expect.poll(() => page.getByTestId('maintenance-row').count(), { timeout: 20_000 }).toBe(2);
        await expect.poll(() => page.getByTestId('meter-plan-row').textContent()).toContain('600');
        await page.getByTestId('meters').scrollIntoViewIfNeeded();
        await shot(page, 'assets-meters', viewport);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
