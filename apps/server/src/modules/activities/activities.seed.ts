import { formatRecurrenceId } from '@faena/domain';
import { expand, seriesBounds, type Recurrence } from '@faena/domain/activities/index';
import { Temporal } from 'temporal-polyfill';
import type { Platform } from '../../platform/platform.ts';
import { insertForm } from '../forms/index.ts';
import { findPersonByEmail } from '../people/index.ts';
import { addHistory, insertActivity, insertCategory, insertCompletion, setCategoryLinks, setResponsibles } from './activities.repository.ts';
import { DEFAULT_TIMEZONE } from './activities.service.ts';

const CHECKLIST = [
  { id: 1, type: 'display_text', text: 'Revise la tienda antes de abrir.' },
  { id: 2, type: 'boolean', name: 'luces_ok', label: '¿Luces y letreros funcionan?', required: true, skippable: false, validators: [] },
  { id: 3, type: 'integer', name: 'temperatura', label: 'Temperatura de la cámara de frío (°C)', required: true, skippable: true, validators: [{ type: 'max_value', value: 8 }] },
  { id: 4, type: 'text', name: 'observaciones', label: 'Observaciones', required: false, skippable: false, validators: [] },
];

/**
 * Demo activities (API.md "Demo seed"): operario@faena.test is responsible for a daily round and a
 * weekly inventory, a weekday checklist with a form, and a monthly drill with the supervisor;
 * the round has completions on most past days. Dates are relative to today in Santiago.
 */
export async function seedDemoActivities(platform: Platform, tenantId: string): Promise<void> {
  await platform.db.transaction(tenantId, async (tx) => {
    const operario = await findPersonByEmail(tx, tenantId, 'operario@faena.test');
    const supervisora = await findPersonByEmail(tx, tenantId, 'supervisora@faena.test');
    const admin = await findPersonByEmail(tx, tenantId, 'admin@faena.test');
    if (!operario) return;
    const today = Temporal.Now.plainDateISO(DEFAULT_TIMEZONE);
    const start = today.subtract({ days: 14 });
    const monday = start.subtract({ days: start.dayOfWeek - 1 });
    const seguridad = await insertCategory(tx, tenantId, 'Seguridad');
    const inventario = await insertCategory(tx, tenantId, 'Inventario');
    const form = await insertForm(tx, tenantId, { name: 'Checklist de apertura', definition: CHECKLIST as never, personId: admin?.id ?? operario.id });
    const make = async (input: {
      title: string;
      description?: string;
      start: string;
      rrule: string | null;
      priority: number;
      duration: number;
      persons: string[];
      categories: string[];
      formId?: string;
      reminders?: number[];
    }) => {
      const recurrence: Recurrence = { start: input.start, timezone: DEFAULT_TIMEZONE, rrule: input.rrule, rdates: [], exdates: [] };
      const bounds = seriesBounds(recurrence);
      const row = await insertActivity(tx, tenantId, {
        title: input.title,
        description: input.description ?? null,
        formId: input.formId ?? null,
        venueId: null,
        locationId: null,
        audienceId: null,
        priority: input.priority,
        start: input.start,
        timezone: DEFAULT_TIMEZONE,
        durationMinutes: input.duration,
        rrule: input.rrule,
        rdates: [],
        exdates: [],
        reminders: input.reminders ?? [],
        seriesGroup: crypto.randomUUID(),
        relatedTo: null,
        firstStartAt: new Date(bounds.first ?? Date.now()),
        lastStartAt: bounds.last === null ? null : new Date(bounds.last),
        createdByPersonId: admin?.id ?? null,
      });
      await setResponsibles(tx, tenantId, row.id, input.persons);
      await setCategoryLinks(tx, tenantId, row.id, input.categories);
      await addHistory(tx, tenantId, { activityId: row.id, personId: admin?.id ?? null, action: 'created' });
      return { row, recurrence };
    };
    const categories = (c: { id: string } | null) => (c ? [c.id] : []);
    const ronda = await make({
      title: 'Ronda de seguridad',
      description: '<p>Recorrer accesos, extintores y salidas de emergencia.</p>',
      start: `${start.toString()}T08:00`,
      rrule: 'FREQ=DAILY',
      priority: 3,
      duration: 30,
      persons: [operario.id],
      categories: categories(seguridad),
      reminders: [15],
    });
    await make({
      title: 'Inventario de bodega',
      start: `${monday.toString()}T10:00`,
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      priority: 5,
      duration: 120,
      persons: [operario.id],
      categories: categories(inventario),
      reminders: [60],
    });
    await make({
      title: 'Checklist de apertura',
      start: `${start.toString()}T09:00`,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      priority: 4,
      duration: 20,
      persons: [operario.id],
      categories: [],
      formId: form.id,
    });
    await make({
      title: 'Simulacro de evacuación',
      start: `${start.with({ day: 1 }).toString()}T11:00`,
      rrule: 'FREQ=MONTHLY;BYDAY=-1FR',
      priority: 2,
      duration: 60,
      persons: [operario.id, ...(supervisora ? [supervisora.id] : [])],
      categories: categories(seguridad),
    });
    // The round was done on most past days (not the last two: overdue on the home screen).
    const now = Date.now();
    const past = expand(ronda.recurrence, Date.parse(`${start.toString()}T00:00:00Z`), now - 2 * 86_400_000);
    for (const [index, occurrence] of past.entries()) {
      if (index % 5 === 3) continue;
      await insertCompletion(tx, tenantId, {
        activityId: ronda.row.id,
        recurrenceId: formatRecurrenceId(occurrence.startMs),
        status: 'COMPLETED',
        completedAt: new Date(occurrence.startMs + 20 * 60_000),
        description: index % 4 === 0 ? 'Sin novedades' : null,
        personId: operario.id,
        responseId: null,
      });
    }
  });
}
