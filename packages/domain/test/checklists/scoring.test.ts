import { describe, expect, it } from 'vitest';
import { checkChecklistConfig, maxReachableScore, scoreExecution, upgradeDraft, ZChecklistItem, ZChecklistSection, type ChecklistDefinition } from '../../src/checklists/index.ts';
import { ZFormDefinition, type FormField } from '../../src/forms/index.ts';

function define(fields: unknown[]): FormField[] {
  const parsed = ZFormDefinition.safeParse(fields);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues, null, 2));
  return parsed.data;
}

/** "Apertura de tienda": a choice with a failing option, a critical yes/no, a number range, stars, a photo. */
function opening(passMark: number | null = 70, overrides: { items?: unknown[]; fields?: unknown[] } = {}): ChecklistDefinition {
  const fields = define(
    overrides.fields ?? [
      { id: 1, type: 'multiple_choice', name: 'limpieza', label: 'Limpieza del local', required: true, choices: [{ choice: 'Buena' }, { choice: 'Regular' }, { choice: 'Mala' }] },
      { id: 2, type: 'boolean', name: 'alarma', label: '¿Alarma desactivada?', required: true },
      { id: 3, type: 'float', name: 'temperatura', label: 'Temperatura de la cámara de frío', required: true, skippable: true },
      { id: 4, type: 'stars', name: 'vitrinas', label: 'Orden de vitrinas', max: 5 },
      { id: 5, type: 'image', name: 'foto', label: 'Foto de la fachada' },
    ],
  );
  const items = (
    overrides.items ?? [
      { field_id: 1, weight: 2, scoring: { kind: 'choice', scores: { Buena: 10, Regular: 5, Mala: 0 }, failing: ['Mala'] } },
      { field_id: '2', critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } },
      { field_id: 3, scoring: { kind: 'range', min: 0, max: 5, score_in: 1, score_out: 0 } },
      { field_id: 4, scoring: { kind: 'stars' } },
    ]
  ).map((item) => ZChecklistItem.parse(item));
  const sections = [
    { id: 's1', title: 'Local', field_ids: [1, 2] },
    { id: 's2', title: 'Frío', field_ids: [3] },
    { id: 's3', title: 'Vitrinas', field_ids: [4, 5] },
  ].map((section) => ZChecklistSection.parse(section));
  return { fields, sections, items, pass_mark: passMark };
}

describe('checklist scoring (decision 026)', () => {
  it('weights each item: Σ(weight × fraction) / Σ(weight) × 100, with per-section scores', () => {
    const result = scoreExecution(opening(), { limpieza: 'Regular', alarma: true, temperatura: 3, vitrinas: 4 });
    // (2 × 0.5 + 1 + 1 + 0.8) / 5 = 0.76
    expect(result.score).toBe(76);
    expect(result.result).toBe('aprobado');
    expect(result.section_scores.map((section) => [section.section_id, section.score])).toEqual([
      ['s1', 66.67],
      ['s2', 100],
      ['s3', 80],
    ]);
    expect(result.failed_items).toEqual([]);
  });

  it('leaves "No aplica" and unanswered optional items out of both sums', () => {
    const skipped = scoreExecution(opening(), { limpieza: 'Buena', alarma: true, temperatura: null, temperatura_skipped: true });
    expect(skipped.score).toBe(100);
    const s2 = skipped.section_scores.find((section) => section.section_id === 's2');
    expect(s2).toMatchObject({ score: null, answered: 0 });
  });

  it('fails below the pass mark, and passes exactly at it', () => {
    // (2 × 0.5 + 1 + 0 + 0.2) / 5 = 0.44
    expect(scoreExecution(opening(70), { limpieza: 'Regular', alarma: true, temperatura: 9, vitrinas: 1 })).toMatchObject({
      score: 44,
      result: 'reprobado',
      failed_items: [{ field_id: '3', reason: 'out-of-range', critical: false }],
    });
    expect(scoreExecution(opening(44), { limpieza: 'Regular', alarma: true, temperatura: 9, vitrinas: 1 }).result).toBe('aprobado');
  });

  it('a failed critical item fails the execution whatever the score', () => {
    const result = scoreExecution(opening(10), { limpieza: 'Buena', alarma: false, temperatura: 3, vitrinas: 5 });
    expect(result.score).toBe(80);
    expect(result.result).toBe('reprobado');
    expect(result.critical_failed).toBe(true);
    expect(result.failed_items).toEqual([{ field_id: '2', reason: 'critical-no', critical: true }]);
  });

  it('names a failing choice', () => {
    const result = scoreExecution(opening(), { limpieza: 'Mala', alarma: true, temperatura: 3, vitrinas: 5 });
    expect(result.failed_items).toEqual([{ field_id: '1', reason: 'failing-choice', critical: false }]);
  });

  it('no pass mark: a score but no result', () => {
    expect(scoreExecution(opening(null), { limpieza: 'Buena', alarma: true })).toMatchObject({ score: 100, result: null });
  });

  it('nothing scored answered: no score', () => {
    expect(scoreExecution(opening(), { foto: ['upload-1'] })).toMatchObject({ score: null, result: null });
  });

  it('weight 0 items do not count', () => {
    const definition = opening(50, {
      items: [
        { field_id: 1, weight: 0, scoring: { kind: 'choice', scores: { Buena: 1 }, failing: [] } },
        { field_id: 4, scoring: { kind: 'stars' } },
      ],
    });
    expect(scoreExecution(definition, { limpieza: 'Mala', vitrinas: 5 }).score).toBe(100);
  });

  it('items hidden by show_if are out of the score', () => {
    const definition = opening(50, {
      fields: [
        { id: 1, type: 'multiple_choice', name: 'limpieza', required: true, choices: [{ choice: 'Buena' }, { choice: 'Regular' }, { choice: 'Mala' }] },
        { id: 2, type: 'boolean', name: 'alarma', required: true },
        { id: 3, type: 'float', name: 'temperatura', show_if: 'alarma == true' },
        { id: 4, type: 'stars', name: 'vitrinas', max: 5 },
        { id: 5, type: 'image', name: 'foto' },
      ],
    });
    const result = scoreExecution(definition, { limpieza: 'Buena', alarma: false, temperatura: 50, vitrinas: 5 });
    expect(result.failed_items.map((item) => item.field_id)).toEqual(['2']);
  });
});

describe('checklist configuration rules', () => {
  it('accepts a good configuration', () => {
    expect(checkChecklistConfig(opening())).toEqual([]);
    expect(maxReachableScore(opening())).toBe(100);
  });

  it('refuses a pass mark above the best reachable score', () => {
    const definition = opening(90, {
      items: [
        { field_id: 1, scoring: { kind: 'choice', scores: { Buena: 1 }, failing: [] } },
        { field_id: 2, scoring: { kind: 'boolean', yes: 0, no: 0 } },
      ],
    });
    expect(maxReachableScore(definition)).toBe(50);
    expect(checkChecklistConfig(definition)).toEqual([expect.objectContaining({ code: 'score-unreachable', field_id: '2', path: 'items.2.scoring' })]);
  });

  it('a zero-point optional item can be left out, so it does not lower the maximum', () => {
    const definition = opening(90, {
      items: [
        { field_id: 1, scoring: { kind: 'choice', scores: { Buena: 1 }, failing: [] } },
        { field_id: 4, scoring: { kind: 'range', min: 0, score_in: 0, score_out: 0 } },
      ],
    });
    expect(checkChecklistConfig(definition).map((issue) => issue.field_id)).toEqual(['4']);
  });

  it('refuses a pass mark when nothing is scored', () => {
    expect(checkChecklistConfig(opening(50, { items: [] }))).toEqual([expect.objectContaining({ code: 'score-unreachable', path: 'pass_mark' })]);
    expect(checkChecklistConfig(opening(null, { items: [] }))).toEqual([]);
  });

  it('refuses a critical item whose every answer fails', () => {
    const definition = opening(50, {
      items: [
        { field_id: 1, critical: true, scoring: { kind: 'choice', scores: {}, failing: ['Buena', 'Regular', 'Mala'] } },
        { field_id: 4, scoring: { kind: 'stars' } },
      ],
    });
    expect(checkChecklistConfig(definition)).toEqual([expect.objectContaining({ code: 'score-unreachable', field_id: '1' })]);
  });

  it('refuses a scoring on a field of another type, and choice scores naming unknown options', () => {
    const definition = opening(null, {
      items: [
        { field_id: 1, scoring: { kind: 'choice', scores: { Excelente: 3 }, failing: ['Pésima'] } },
        { field_id: 2, scoring: { kind: 'range', min: 1, score_in: 1, score_out: 0 } },
        { field_id: 4, scoring: { kind: 'stars', max: 10 } },
      ],
    });
    const issues = checkChecklistConfig(definition);
    expect(issues.map((issue) => [issue.code, issue.field_id])).toEqual([
      ['score-unreachable', '1'],
      ['score-unreachable', '2'],
      ['score-unreachable', '4'],
    ]);
    expect(issues[0]!.message).toContain('Excelente');
    expect(issues[0]!.message).toContain('Pésima');
  });

  it('refuses items and sections naming fields that do not exist, and fields in no section', () => {
    const base = opening(null);
    const issues = checkChecklistConfig({
      ...base,
      items: [...base.items, ZChecklistItem.parse({ field_id: 99 })],
      sections: [ZChecklistSection.parse({ id: 's1', title: 'Todo', field_ids: [1, 2, 3, 4, 77] })],
    });
    expect(issues.map((issue) => [issue.code, issue.field_id])).toEqual([
      ['invalid-sections', '77'],
      ['invalid-sections', '5'],
      ['invalid-items', '99'],
    ]);
  });
});

describe('draft upgrade to a new version', () => {
  it('keeps answers, notes and photos of fields that still exist and names the dropped ones', () => {
    const before = opening().fields;
    const after = define([
      { id: 1, type: 'multiple_choice', name: 'limpieza', choices: [{ choice: 'Buena' }, { choice: 'Mala' }] },
      { id: 3, type: 'integer', name: 'temperatura' },
      { id: 4, type: 'stars', name: 'vitrinas', max: 5 },
      { id: 6, type: 'text', name: 'comentario' },
    ]);
    const upgraded = upgradeDraft(before, after, {
      answers: { limpieza: 'Buena', alarma: true, temperatura: 4, vitrinas: 3, vitrinas_skipped: false },
      notes: { '2': 'Sin batería', '4': 'Polvo' },
      photos: { '1': ['file-1'], '2': ['file-2'] },
    });
    expect(upgraded.answers).toEqual({ limpieza: 'Buena', vitrinas: 3, vitrinas_skipped: false });
    expect(upgraded.notes).toEqual({ '4': 'Polvo' });
    expect(upgraded.photos).toEqual({ '1': ['file-1'] });
    expect(upgraded.dropped).toEqual(['2', '3']);
  });
});
