import { z } from 'zod';

/**
 * Checklists (issue 43, decision 026): the checklist-only settings laid over form fields.
 * A checklist stores a form definition (fields of the forms engine) plus sections, and per
 * field an item setting: weight, critical, and how its answer scores. Field ids are compared as
 * texts (`String(field.id)`): the form builder makes numeric ids, other clients strings.
 */

export const CHECKLIST_RESULTS = ['aprobado', 'reprobado'] as const;
export type ChecklistResult = (typeof CHECKLIST_RESULTS)[number];

export const EXECUTION_STATUSES = ['draft', 'submitted'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** Why an answer failed (failed_items[].reason). */
export const FAILURE_REASONS = ['failing-choice', 'out-of-range', 'critical-no'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const SCORE_MAX_POINTS = 1_000_000;
export const CHECKLIST_MAX_SECTIONS = 100;

/** A field reference in checklist settings: the field's id as a text (numbers accepted and turned into text). */
export const ZFieldKey = z.union([z.string().trim().min(1).max(100), z.number().int()]).transform((value) => String(value));
export type FieldKey = string;

const ZPoints = z.number().min(0).max(SCORE_MAX_POINTS);

/** A choice (multiple_choice or checkboxes): points per option, options that fail. */
export const ZChoiceScoring = z.object({
  kind: z.literal('choice'),
  scores: z.record(z.string().max(500), ZPoints),
  failing: z.array(z.string().max(500)).max(500).default([]),
});
/** A yes/no: points of each answer, and the answer that fails (a critical item fails on "No" by default). */
export const ZBooleanScoring = z.object({
  kind: z.literal('boolean'),
  yes: ZPoints,
  no: ZPoints,
  failing_value: z.boolean().nullish(),
});
/** A number: inside [min, max] scores score_in, outside scores score_out and fails. */
export const ZRangeScoring = z
  .object({
    kind: z.literal('range'),
    min: z.number().nullish(),
    max: z.number().nullish(),
    score_in: ZPoints,
    score_out: ZPoints,
  })
  .refine((scoring) => scoring.min == null || scoring.max == null || scoring.min <= scoring.max, {
    message: 'El mínimo debe ser menor o igual que el máximo',
    path: ['max'],
  });
/** Stars: the score is stars / max (max: the field's own, 5 by default). */
export const ZStarsScoring = z.object({ kind: z.literal('stars'), max: z.number().int().min(1).max(100).nullish() });

export const ZItemScoring = z.union([ZChoiceScoring, ZBooleanScoring, ZRangeScoring, ZStarsScoring]);
export type ItemScoring = z.infer<typeof ZItemScoring>;
export type ChoiceScoring = z.infer<typeof ZChoiceScoring>;
export type BooleanScoring = z.infer<typeof ZBooleanScoring>;
export type RangeScoring = z.infer<typeof ZRangeScoring>;
export type StarsScoring = z.infer<typeof ZStarsScoring>;

/** Per-field checklist settings. */
export const ZChecklistItem = z.object({
  field_id: ZFieldKey,
  weight: z.number().min(0).max(1000).default(1),
  critical: z.boolean().default(false),
  scoring: ZItemScoring.nullable().default(null),
});
export type ChecklistItem = z.output<typeof ZChecklistItem>;
export type ChecklistItemInput = z.input<typeof ZChecklistItem>;

/** A section: a title and its fields, in order. */
export const ZChecklistSection = z.object({
  id: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  field_ids: z.array(ZFieldKey).max(1000),
});
export type ChecklistSection = z.output<typeof ZChecklistSection>;

/** Pass mark: a percentage 0–100; null = no pass/fail. */
export const ZPassMark = z.number().min(0).max(100).nullable();
