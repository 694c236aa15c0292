/**
 * Micro-benchmark (not a test): median time to validate a 300-field response with the forms
 * engine, next to a baseline loop over the same 300 values measured in the same run.
 * Target (issue 5): server-side validation of a 300-field response under 5 ms median.
 *
 *   node packages/domain/bench/validate-300.ts [iterations]
 */
import { performance } from 'node:perf_hooks';
import { convertForSubmit, validateResponse, ZFormDefinition, type FormField } from '../src/forms/index.ts';

const FIELD_COUNT = 300;

// Twelve shapes, repeated to 300 fields: validators, conditions, lists, numbers, sub-forms.
function makeDefinition(): unknown[] {
  const fields: unknown[] = [];
  for (let at = 0; fields.length < FIELD_COUNT; at += 1) {
    const id = fields.length + 1;
    const kind = at % 12;
    const name = `f${id}`;
    const previous = `f${id - 1}`;
    switch (kind) {
      case 0:
        fields.push({
          id,
          type: 'text',
          name,
          required: true,
          validators: [
            { type: 'min_length', limit_value: 2 },
            { type: 'max_length', limit_value: 200 },
            { type: 'regex', regex: '^[\\p{L} ]+$' },
          ],
        });
        break;
      case 1:
        fields.push({ id, type: 'text', name, validators: [{ type: 'email' }], show_if: `${previous} != "oculto"` });
        break;
      case 2:
        fields.push({ id, type: 'integer', name, required: true, min: 0, max: 1000, validators: [{ type: 'min_value', value: 1 }] });
        break;
      case 3:
        fields.push({ id, type: 'decimal', name, step: 0.25, show_if: `${previous} >= 1 and ${previous} < 900` });
        break;
      case 4:
        fields.push({ id, type: 'checkboxes', name, choices: [{ choice: 'a' }, { choice: 'b' }, { choice: 'c' }, { choice: 'd' }], validators: [{ type: 'max_length', limit_value: 3 }] });
        break;
      case 5:
        fields.push({ id, type: 'multiple_choice', name, required: true, skippable: true, choices: [{ choice: 'sí' }, { choice: 'no' }], show_if: `"a" in ${previous}` });
        break;
      case 6:
        fields.push({ id, type: 'datetime', name });
        break;
      case 7:
        fields.push({ id, type: 'date', name, validators: [{ type: 'min_value', value: '2020-01-01' }] });
        break;
      case 8:
        fields.push({ id, type: 'files', name, max_files: 5, validators: [{ type: 'max_file_size', limit_value: 5_000_000 }] });
        break;
      case 9:
        fields.push({ id, type: 'value_in_num_range', name, start: 0, stop: 10, step: 1 });
        break;
      case 10:
        fields.push({ id, type: 'users', name, validators: [{ type: 'min_length', limit_value: 1 }] });
        break;
      default:
        fields.push({ id, type: 'gps', name, show_if: `not empty(${previous})` });
    }
  }
  return fields;
}

function makeResponse(fields: FormField[]): Record<string, unknown> {
  const response: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'display_text') continue;
    const values: Partial<Record<FormField['type'], unknown>> = {
      text: 'Hola mundo',
      integer: 42,
      decimal: '12,75',
      checkboxes: ['a', 'c'],
      multiple_choice: 'sí',
      datetime: '2024-05-01T10:30',
      date: '2024-05-01',
      files: ['u1', 'u2'],
      value_in_num_range: 7,
      users: ['p1', 'p2'],
      gps: { latitude: -33.45, longitude: -70.66, accuracy: 10 },
    };
    const isEmail = field.validators.some((validator) => validator.type === 'email');
    response[field.name] = isEmail ? 'ana@acme.cl' : values[field.type];
  }
  return response;
}

const metadata = { name: 'informe.pdf', size: 1_000_000, content_type: 'application/pdf' };
const options = { fileMetadata: () => metadata };

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function measure(run: () => unknown, iterations: number): number {
  for (let warm = 0; warm < 50; warm += 1) run();
  const samples: number[] = [];
  for (let at = 0; at < iterations; at += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export interface ValidationPerf {
  fields: number;
  values: number;
  iterations: number;
  /** One cheap check per value: the floor of any validator. */
  baseline: number;
  first: number;
  warm: number;
  cold: number;
  convert: number;
  schema: number;
}

/** Medians (ms) over `iterations` runs of each step, measured in this process. */
export function measureValidation(iterations = 500): ValidationPerf {
  const rawDefinition = makeDefinition();
  const fields = ZFormDefinition.parse(rawDefinition);
  const response = makeResponse(fields);
  const values = Object.values(response);

  // The very first validation also parses every show_if (then cached by expression text).
  const firstStart = performance.now();
  const errors = validateResponse(fields, response, options);
  const first = performance.now() - firstStart;
  if (errors.length > 0) throw new Error(`the benchmark response should be valid: ${JSON.stringify(errors.slice(0, 3))}`);

  let sink = 0;
  // Baseline: one cheap check per value (type test and a length or range), the floor of any validator.
  const baseline = measure(() => {
    for (const value of values) {
      if (typeof value === 'string') sink += value.length > 0 ? 1 : 0;
      else if (typeof value === 'number') sink += value >= 0 ? 1 : 0;
      else if (Array.isArray(value)) sink += value.length;
      else if (value !== null && typeof value === 'object') sink += 1;
    }
  }, iterations);
  const warm = measure(() => validateResponse(fields, response, options), iterations);
  // As on the server: the definition is read from storage for each request (a fresh copy).
  const copies = Array.from({ length: iterations + 50 }, () => structuredClone(fields));
  let next = 0;
  const cold = measure(() => validateResponse(copies[next++ % copies.length]!, response, options), iterations);
  const convert = measure(() => convertForSubmit(fields, response, { timeZone: 'America/Santiago' }), iterations);
  const schema = measure(() => ZFormDefinition.parse(rawDefinition), iterations);
  if (sink < 0) console.log(sink);
  return { fields: FIELD_COUNT, values: values.length, iterations, baseline, first, warm, cold, convert, schema };
}

if (import.meta.main) {
  const { values, iterations, baseline, first, warm, cold, convert, schema } = measureValidation(Number(process.argv[2] ?? 500));
  const format = (ms: number) => `${ms.toFixed(4)} ms`.padStart(11);
  const row = (label: string, ms: number, ratio = true) => console.log(`  ${label.padEnd(40)}${format(ms)}${ratio ? `   ${(ms / baseline).toFixed(0)}× baseline` : ''}`);
  console.log(`validate a ${FIELD_COUNT}-field response — median of ${iterations} runs`);
  row(`baseline loop over the ${values} values`, baseline, false);
  row('validateResponse, first call (1 run)', first, false);
  row('validateResponse, same definition', warm);
  row('validateResponse, definition re-read', cold);
  row('convertForSubmit', convert, false);
  row('ZFormDefinition.parse (for reference)', schema, false);
  console.log(`  target < 5 ms median: ${Math.max(warm, cold) < 5 ? 'met' : 'NOT met'}`);
}
