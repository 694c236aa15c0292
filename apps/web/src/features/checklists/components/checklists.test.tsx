import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TExecution } from '@faena/contracts';
import type { ItemScoring } from '@faena/domain/checklists/settings';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { stubDocumentFonts } from '../../../shared/forms/test-helpers.tsx';
import { sessionStore } from '../../../shared/session/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { testTokenPair } from '../../../test/session.ts';
import { alignScoring, itemErrors, writeOf, emptyDraft, type ItemSettings } from '../lib/builder-draft.ts';
import { answersPatch, runnerSections } from '../lib/execution.ts';
import { checklistsLocales } from '../locales/index.ts';
import { locales } from '../routes.tsx';
import { ExecutionReport } from './execution-report.tsx';
import { ExecutionRunner } from './execution-runner.tsx';
import { SchedulesPanel } from './schedules-panel.tsx';
import { ScoringEditor } from './scoring-editor.tsx';

const FIELDS: FormField[] = [
  { id: 1, type: 'boolean', name: 'extintor', label: 'Extintor cargado', required: true, skippable: false, validators: [] } as unknown as FormField,
  {
    id: 2,
    type: 'multiple_choice',
    name: 'orden',
    label: 'Orden del pasillo',
    required: true,
    skippable: false,
    validators: [],
    choices: [{ choice: 'Bueno' }, { choice: 'Malo' }],
  } as unknown as FormField,
  { id: 3, type: 'text', name: 'comentario', label: 'Comentario final', required: false, skippable: false, validators: [] } as unknown as FormField,
];

function execution(over: Partial<TExecution> = {}): TExecution {
  return {
    id: 'e1',
    checklist: { id: 'c1', name: 'Apertura de tienda', version: 1 },
    category: { id: 'k1', name: 'Tiendas' },
    venue: null,
    location: null,
    executed_by: { passport: 'p1', name: 'Matías Rojas' },
    started_at: '2026-12-05T12:00:00Z',
    submitted_at: null,
    status: 'draft',
    score: null,
    result: null,
    failed_count: 0,
    critical_failed: false,
    actions_open: 0,
    version: 1,
    definition: {
      version: 1,
      sections: [
        { id: 's1', title: 'Seguridad', field_ids: ['1'] },
        { id: 's2', title: 'Pasillos', field_ids: ['2'] },
        { id: 's3', title: 'Cierre', field_ids: ['3'] },
      ],
      fields: FIELDS as TExecution['definition']['fields'],
      items: [
        { field_id: '1', weight: 1, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0, failing_value: null } },
        { field_id: '2', weight: 2, critical: false, scoring: { kind: 'choice', scores: { Bueno: 1, Malo: 0 }, failing: ['Malo'] } },
      ],
      pass_mark: 80,
      signatures: { executor: false, second: false },
      max_score: 100,
    },
    answers: {},
    notes: {},
    photos: {},
    current_section: null,
    client_revision: 0,
    updated_at: '2026-12-05T12:00:00Z',
    signatures: { executor: null, second: null },
    section_scores: [],
    failed_items: [],
    actions: [],
    activity: null,
    outdated: false,
    latest_version: 1,
    can_act: false,
    ...over,
  };
}

let writes: { method: string; url: string; body: Record<string, unknown> }[] = [];
let revision = 0;
let mailAnswer: () => unknown = () => ({ id: 'm1', recipients: ['jefa@example.com'], file_name: 'a.pdf', sent_at: '2026-12-05T12:20:00Z', delivery: 'outbox' });

beforeEach(() => {
  stubDocumentFonts();
  sessionStore.signIn(testTokenPair());
  writes = [];
  revision = 0;
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.includes('/my-site-config')) return { permissions: ['VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
    if (method !== 'GET') {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      writes.push({ method, url, body });
      if (url.endsWith('/report-mail/')) return mailAnswer();
      if (method === 'PATCH') {
        revision += 1;
        return execution({ client_revision: revision });
      }
      if (url.endsWith('/submit/')) {
        return execution({
          status: 'submitted',
          submitted_at: '2026-12-05T12:10:00Z',
          score: 33.33,
          result: 'reprobado',
          failed_count: 1,
          answers: { extintor: true, orden: 'Malo' },
          section_scores: [
            { section_id: 's1', title: 'Seguridad', score: 100, answered: 1, failed_count: 0 },
            { section_id: 's2', title: 'Pasillos', score: 0, answered: 1, failed_count: 1 },
          ],
          failed_items: [{ field_id: '2', reason: 'failing-choice', critical: false }],
          can_act: true,
        });
      }
    }
    return { count: 0, next: null, previous: null, results: [] };
  });
});
afterEach(async () => {
  await sessionStore.signOut();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function renderUi(element: () => React.ReactElement) {
  await Promise.all(locales.map((bundle) => bundle.load('es')));
  await checklistsLocales.load('es');
  return renderRoutes([{ path: '/', Component: element }]);
}

const patches = () => writes.filter((write) => write.method === 'PATCH');

describe('scoring rules of the builder', () => {
  const choice = FIELDS[1] as InputField;

  it('keeps choice scores in step with the options and drops a scoring that no longer fits', () => {
    const scoring: ItemScoring = { kind: 'choice', scores: { Bueno: 1, Regular: 0.5 }, failing: ['Regular', 'Malo'] };
    expect(alignScoring(choice, scoring)).toEqual({ kind: 'choice', scores: { Bueno: 1, Malo: 0 }, failing: ['Malo'] });
    expect(alignScoring(FIELDS[2] as InputField, scoring)).toBeNull();
  });

  it('writes sections by field key and items only for fields that exist', () => {
    const draft = emptyDraft('k1', 'Sección 1');
    draft.name = ' Apertura ';
    draft.sections = [
      { id: 'a', title: 'Seguridad', fields: [FIELDS[0]!] },
      { id: 'b', title: ' Pasillos ', fields: [FIELDS[1]!] },
    ];
    draft.items = { '1': { weight: 1, critical: true, scoring: null }, '99': { weight: 3, critical: false, scoring: null } };
    const body = writeOf(draft, 4);
    expect(body.name).toBe('Apertura');
    expect(body.sections).toEqual([
      { id: 'a', title: 'Seguridad', field_ids: ['1'] },
      { id: 'b', title: 'Pasillos', field_ids: ['2'] },
    ]);
    expect(body.items).toEqual([{ field_id: '1', weight: 1, critical: true, scoring: null }]);
    expect(body.base_version).toBe(4);
  });

  it("names the item of a server's score-unreachable error", () => {
    expect(itemErrors({ 'items.2.scoring': 'Opciones que no existen', pass_mark: 'Inalcanzable' })).toEqual({ byField: { '2': 'Opciones que no existen' }, general: ['Inalcanzable'] });
  });

  it('edits points and "falla" per option of a choice item', async () => {
    const changes: ItemSettings[] = [];
    function Host() {
      const [settings, setSettings] = useState<ItemSettings>({ weight: 1, critical: false, scoring: null });
      return (
        <ScoringEditor
          field={choice}
          settings={settings}
          onChange={(next) => {
            changes.push(next);
            setSettings(next);
          }}
        />
      );
    }
    await renderUi(Host);
    fireEvent.click(await screen.findByTestId('item-scored'));
    expect(changes.at(-1)?.scoring).toEqual({ kind: 'choice', scores: { Bueno: 1, Malo: 0 }, failing: [] });
    fireEvent.click(screen.getByTestId('fails-Malo'));
    expect(changes.at(-1)?.scoring).toEqual({ kind: 'choice', scores: { Bueno: 1, Malo: 0 }, failing: ['Malo'] });
    fireEvent.change(screen.getByTestId('score-Bueno'), { target: { value: '5' } });
    expect(changes.at(-1)?.scoring).toMatchObject({ scores: { Bueno: 5, Malo: 0 } });
    fireEvent.click(screen.getByTestId('item-critical'));
    expect(changes.at(-1)).toMatchObject({ critical: true, weight: 1 });
  });

  it('offers yes/no points and the failing answer for a boolean item', async () => {
    await renderUi(() => (
      <ScoringEditor field={FIELDS[0] as InputField} settings={{ weight: 1, critical: false, scoring: { kind: 'boolean', yes: 1, no: 0, failing_value: false } }} onChange={() => undefined} />
    ));
    expect(await screen.findByTestId('scoring-boolean')).toBeTruthy();
    expect((screen.getByTestId('score-yes') as HTMLInputElement).value).toBe('1');
  });
});

describe('execution runner', () => {
  it('cuts the version into sections in order', () => {
    expect(runnerSections(execution().definition).map((section) => [section.id, section.fields.map((field) => field.id)])).toEqual([
      ['s1', [1]],
      ['s2', [2]],
      ['s3', [3]],
    ]);
    expect(answersPatch({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual({ c: 3, b: null });
    expect(answersPatch({ a: 1 }, { a: 1 })).toBeNull();
  });

  it('shows one section at a time, validates it, autosaves answers and the section with the revision', async () => {
    await renderUi(() => <ExecutionRunner execution={execution()} onSubmitted={() => undefined} onReplaced={() => undefined} />);
    expect((await screen.findByTestId('section-title')).textContent).toBe('Seguridad');
    expect(screen.getByTestId('runner-step').textContent).toContain('Sección 1 de 3');
    expect(screen.queryByText('Orden del pasillo')).toBeNull();
    // Required item unanswered: the engine's message, no move.
    fireEvent.click(screen.getByTestId('form-submit'));
    // The forms engine's own §5 message (the spec's English text).
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getByTestId('section-title').textContent).toBe('Seguridad');
    fireEvent.click(screen.getByRole('radio', { name: 'Sí' }));
    await waitFor(() => expect(patches().length).toBe(1), { timeout: 3000 });
    expect(patches()[0]!.body).toEqual({ client_revision: 0, answers: { extintor: true }, current_section: 's1' });
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.status).toBe('saved'));
    expect(screen.getByTestId('runner-step').textContent).toContain('1 de 3 respondidos');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(screen.getByTestId('section-title').textContent).toBe('Pasillos'));
    await waitFor(() => expect(patches().length).toBe(2), { timeout: 3000 });
    expect(patches()[1]!.body).toEqual({ client_revision: 1, current_section: 's2' });
  });

  it('keeps a note on an item in the draft', async () => {
    await renderUi(() => <ExecutionRunner execution={execution()} onSubmitted={() => undefined} onReplaced={() => undefined} />);
    fireEvent.click(await screen.findByTestId('item-note-toggle-extintor'));
    fireEvent.change(screen.getByTestId('item-note-extintor'), { target: { value: 'Vence en marzo' } });
    await waitFor(() => expect(patches().some((write) => JSON.stringify(write.body.notes) === JSON.stringify({ '1': 'Vence en marzo' }))).toBe(true), { timeout: 3000 });
  });

  it('resumes at the saved section with the saved answers', async () => {
    await renderUi(() => (
      <ExecutionRunner execution={execution({ answers: { extintor: true, orden: 'Bueno' }, current_section: 's2', client_revision: 7 })} onSubmitted={() => undefined} onReplaced={() => undefined} />
    ));
    expect((await screen.findByTestId('section-title')).textContent).toBe('Pasillos');
    expect((screen.getByRole('radio', { name: 'Bueno' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('runner-step').textContent).toContain('2 de 3 respondidos');
    fireEvent.click(screen.getByTestId('section-back'));
    await waitFor(() => expect(screen.getByTestId('section-title').textContent).toBe('Seguridad'));
    await waitFor(() => expect(patches().at(-1)?.body).toEqual({ client_revision: 7, current_section: 's1' }), { timeout: 3000 });
  });

  it('submits the answers and hands over the scored execution', async () => {
    const done: TExecution[] = [];
    await renderUi(() => (
      <ExecutionRunner execution={execution({ answers: { extintor: true, orden: 'Malo' }, current_section: 's3' })} onSubmitted={(next) => done.push(next)} onReplaced={() => undefined} />
    ));
    fireEvent.click(await screen.findByTestId('form-submit'));
    fireEvent.click(await screen.findByTestId('execution-submit'));
    await waitFor(() => expect(done).toHaveLength(1));
    const submit = writes.find((write) => write.url.endsWith('/executions/e1/submit/'));
    expect(submit?.body).toMatchObject({ answers: { extintor: true, orden: 'Malo' }, notes: {}, photos: {}, signatures: {} });
    expect(done[0]!.result).toBe('reprobado');
  });

  it('asks for the signature the checklist requires', async () => {
    const base = execution();
    await renderUi(() => (
      <ExecutionRunner
        execution={execution({ answers: { extintor: true, orden: 'Bueno' }, current_section: 's3', definition: { ...base.definition, signatures: { executor: true, second: false } } })}
        onSubmitted={() => undefined}
        onReplaced={() => undefined}
      />
    ));
    fireEvent.click(await screen.findByTestId('form-submit'));
    expect(await screen.findByTestId('signature-executor')).toBeTruthy();
    fireEvent.click(screen.getByTestId('execution-submit'));
    expect(await screen.findByText('La firma es obligatoria')).toBeTruthy();
    expect(writes.some((write) => write.url.endsWith('/submit/'))).toBe(false);
  });

  it('offers the upgrade of an outdated draft', async () => {
    await renderUi(() => <ExecutionRunner execution={execution({ outdated: true, latest_version: 2 })} onSubmitted={() => undefined} onReplaced={() => undefined} />);
    expect((await screen.findByTestId('outdated-banner')).textContent).toContain('versión 2');
  });
});

describe('execution result', () => {
  it('shows the score, the result, section scores and the failed item with its corrective action form', async () => {
    const submitted = execution({
      status: 'submitted',
      score: 33.33,
      result: 'reprobado',
      answers: { extintor: true, orden: 'Malo' },
      section_scores: [{ section_id: 's2', title: 'Pasillos', score: 0, answered: 1, failed_count: 1 }],
      failed_items: [{ field_id: '2', reason: 'failing-choice', critical: false }],
      can_act: true,
    });
    await renderUi(() => <ExecutionReport execution={submitted} />);
    expect((await screen.findByTestId('execution-score')).textContent).toBe('33,3%');
    expect(screen.getByTestId('result-badge').textContent).toBe('Reprobado');
    const failed = screen.getByTestId('failed-items');
    expect(within(failed).getByText('Orden del pasillo')).toBeTruthy();
    expect(within(failed).getByText('Respuesta marcada como falla')).toBeTruthy();
    expect(screen.getByTestId('answer-orden').dataset.failed).toBe('yes');
    expect(screen.getByTestId('answer-extintor').dataset.failed).toBeUndefined();
    fireEvent.click(screen.getByTestId('create-action-orden'));
    expect(((await screen.findByTestId('action-title')) as HTMLInputElement).value).toBe('Corregir: Orden del pasillo');
    fireEvent.click(screen.getByTestId('action-save'));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(1);
    await act(async () => undefined);
    expect(writes.some((write) => write.url.includes('/actions/'))).toBe(false);
  });
});

describe('report by e-mail', () => {
  const open = async () => {
    await renderUi(() => <ExecutionReport execution={execution({ status: 'submitted', submitted_at: '2026-12-05T12:10:00Z', score: 100, result: 'aprobado' })} />);
    fireEvent.click(await screen.findByTestId('mail-report'));
    return screen.findByTestId('report-mail-form');
  };
  const typeAddress = (address: string) => {
    const input = screen.getByTestId('report-mail-emails');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: address } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };
  const mails = () => writes.filter((write) => write.url.endsWith('/report-mail/'));

  it('"Enviar por correo" sends typed addresses and the message; nothing is sent without a recipient or with a wrong address', async () => {
    await open();
    fireEvent.click(screen.getByTestId('report-mail-send'));
    expect((await screen.findByTestId('report-mail-error')).textContent).toBe('Elige al menos una persona o escribe una dirección.');
    typeAddress('no-es-correo');
    fireEvent.click(screen.getByTestId('report-mail-send'));
    expect(await screen.findByText('«no-es-correo» no es una dirección de correo válida.')).toBeTruthy();
    expect(mails()).toEqual([]);
    // the wrong address is taken back (Backspace on the empty input removes the last one)
    fireEvent.keyDown(screen.getByTestId('report-mail-emails'), { key: 'Backspace' });
    typeAddress('jefa@example.com');
    fireEvent.change(screen.getByTestId('report-mail-message'), { target: { value: 'Revisar la alarma.' } });
    fireEvent.click(screen.getByTestId('report-mail-send'));
    await waitFor(() => expect(mails()).toHaveLength(1));
    expect(mails()[0]).toMatchObject({ method: 'POST', url: '/api/checklists/v3/executions/e1/report-mail/', body: { people: [], emails: ['jefa@example.com'], message: 'Revisar la alarma.' } });
    await waitFor(() => expect(screen.queryByTestId('report-mail-form')).toBeNull());
  });

  it('says in words when the hourly limit is reached (429), and keeps the form', async () => {
    mailAnswer = () => new Response(JSON.stringify({ code: 'too-many-requests', detail: 'x', retry_after: 60 }), { status: 429, headers: { 'content-type': 'application/json' } });
    try {
      await open();
      typeAddress('jefa@example.com');
      fireEvent.click(screen.getByTestId('report-mail-send'));
      expect((await screen.findByTestId('report-mail-error')).textContent).toBe('Enviaste muchos informes en la última hora. Intenta de nuevo más tarde.');
      expect(screen.getByTestId('report-mail-form')).toBeTruthy();
    } finally {
      mailAnswer = () => ({ id: 'm1', recipients: ['jefa@example.com'], file_name: 'a.pdf', sent_at: '2026-12-05T12:20:00Z', delivery: 'outbox' });
    }
  });
});

describe('schedules', () => {
  it('sends the responsibles by passport and no zone of the browser (each series takes its venue’s)', async () => {
    stubApi((url, init) => {
      if (url.includes('/my-site-config')) return { permissions: ['VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS'], is_staff: false, disabled_modules: [], feature_flags: ALL_FLAGS_ON };
      if (url.includes('/audiences/v3/persons/')) return { count: 1, next: null, previous: null, results: [{ id: 'person-1', passport: 'passport-1', name: 'Camila Rojas' }] };
      if (init?.method === 'POST') {
        writes.push({ method: 'POST', url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
        return { results: [{ public_id: 'a1', title: 'Apertura', venue: null, start: '2026-12-07T08:00', timezone: 'America/Santiago', rrule: 'FREQ=DAILY', duration_minutes: 60 }] };
      }
      return { results: [] };
    });
    await renderUi(() => <SchedulesPanel checklistId="c1" name="Apertura" />);
    expect(screen.getByRole('radiogroup', { name: 'Repetir' })).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Responsables' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Camila Rojas' }));
    fireEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.url).toContain('/checklists/c1/schedules/');
    expect(writes[0]!.body.responsibles).toEqual(['passport-1']);
    expect(writes[0]!.body).not.toHaveProperty('timezone');
  });
});
