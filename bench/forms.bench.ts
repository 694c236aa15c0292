/**
 * Forms (issue 5): a 300-field form in Chromium — first render and keystroke-to-paint next to a
 * page of 300 plain inputs built and measured in the same run (target ≤ 2× the baseline), and the
 * fields a keystroke re-renders (target: only the one typed into); the same for a form of mixed
 * field types, reported against the same targets for information; server-side validation of a
 * 300-field response (target < 5 ms median) next to a loop doing one cheap check per value.
 *
 * The measuring code lives beside what it measures: apps/web/scripts/forms-perf.ts (the pages)
 * and packages/domain/bench/validate-300.ts (the engine); both also run alone.
 */
import { measureFormsPerf, verdicts, type PageSummary } from '../apps/web/scripts/forms-perf.ts';
import { measureValidation } from '../packages/domain/bench/validate-300.ts';
import { target, type Benchmark, type Cell } from './lib/report.ts';

const RUNS = Number(process.env.FORMS_RUNS ?? 3);

const bench: Benchmark = {
  title: '300-field form: render and keystroke vs 300 plain inputs (Chromium); server validation of a 300-field response',
  async run(ctx) {
    ctx.log('validating 300-field responses');
    const validation = measureValidation(Number(process.env.FORMS_ITERATIONS ?? 500));
    ctx.data.validation = validation;
    const x = (ms: number) => `${(ms / validation.baseline).toFixed(0)}×`;
    ctx.table({
      title: `Server-side validation of a ${validation.fields}-field response (median of ${validation.iterations} runs, µs)`,
      columns: ['step', 'median µs', 'vs baseline'],
      rows: [
        [`baseline: one check per value (${validation.values} values)`, validation.baseline * 1000, '1×'],
        ['validateResponse, first call (parses show_if)', validation.first * 1000, null],
        ['validateResponse, same definition', validation.warm * 1000, x(validation.warm)],
        ['validateResponse, definition re-read (as per request)', validation.cold * 1000, x(validation.cold)],
        ['convertForSubmit', validation.convert * 1000, x(validation.convert)],
        ['definition schema parse (reference)', validation.schema * 1000, x(validation.schema)],
      ],
    });
    const worst = Math.max(validation.warm, validation.cold);
    ctx.target(target('server validation of a 300-field response', worst, 5, (ms) => `${ms.toFixed(3)} ms median (target < 5 ms)`, false));

    ctx.log(`building the form pages and measuring them in Chromium (${RUNS} cold loads each)`);
    const perf = await measureFormsPerf(RUNS, 1);
    ctx.data.pages = perf;
    const { baseline } = perf;
    const row = (title: string, s: PageSummary, ratios: boolean): Cell[] => [
      title,
      s.firstRender,
      ratios ? s.firstRender / baseline.firstRender : null,
      s.keystroke,
      s.keystrokeP95,
      ratios ? s.keystroke / baseline.keystroke : null,
      s.rendered.join(', ') || '—',
    ];
    ctx.table({
      title: `300 fields in Chromium (${perf.runs} cold loads each, ${perf.keystrokes} keystrokes per load; ms)`,
      columns: ['page', 'first render', '× baseline', 'key→paint p50', 'key→paint p95', '× baseline', 'fields re-rendered by typing'],
      rows: [row('300 plain inputs (baseline)', baseline, false), row('300-field form, text fields', perf.form, true), row('300-field form, mixed types', perf.mixed, true)],
      notes: [
        'first render: script start → the frame after the last field appeared; key→paint: key event → the task after the next frame',
        'the targets compare the text-field form with the baseline (same controls); the mixed form adds ratings, scales and choice groups, which plain inputs cannot stand in for: its lines below are informational',
        "the mixed form has 120 text boxes: Chrome's autofill re-reads a form of at most 200 text fields after every change (a few ms per keystroke here), the baseline and the text form have 300 and are skipped",
      ],
    });
    const { oneField, mixedOneField } = verdicts(perf);
    ctx.target(target('300-field form first render vs 300 plain inputs', perf.form.firstRender / baseline.firstRender, 2, (r) => `${r.toFixed(2)}× the baseline (target ≤ 2×)`, false));
    ctx.target(target('keystroke-to-paint vs 300 plain inputs', perf.form.keystroke / baseline.keystroke, 2, (r) => `${r.toFixed(2)}× the baseline (target ≤ 2×)`, false));
    ctx.target({ name: 'a keystroke re-renders only its field', verdict: oneField ? 'PASS' : 'MISS', detail: `re-rendered: ${perf.form.rendered.join(', ') || 'none'}` });
    // The mixed form (informational: a real form mixes types).
    ctx.target(
      target(
        'mixed-type form first render vs 300 plain inputs (informational)',
        perf.mixed.firstRender / baseline.firstRender,
        2,
        (r) => `${r.toFixed(2)}× the baseline (target ≤ 2×, aim ≤ 1.6×)`,
        false,
      ),
    );
    ctx.target(
      target('mixed-type form keystroke-to-paint vs 300 plain inputs (informational)', perf.mixed.keystroke / baseline.keystroke, 2, (r) => `${r.toFixed(2)}× the baseline (target ≤ 2×)`, false),
    );
    ctx.target({
      name: 'mixed-type form: a keystroke re-renders only its field (informational)',
      verdict: mixedOneField ? 'PASS' : 'MISS',
      detail: `re-rendered: ${perf.mixed.rendered.join(', ') || 'none'}`,
    });
  },
};

export default bench;
