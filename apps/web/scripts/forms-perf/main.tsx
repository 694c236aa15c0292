// The pages of the forms performance report (scripts/forms-perf.ts): ?page=form renders a form of
// 300 fields with the real renderer; ?page=mixed the same with a mix of field types; ?page=baseline
// 300 plain inputs, each with its own state (the best React can do), with the same styles loaded.
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { FormField } from '@faena/domain/forms/schema';
import { FormRenderer } from '../../src/shared/forms/form-renderer.tsx';
import { formsLocales } from '../../src/shared/forms/locales/index.ts';
import { setRenderProbe } from '../../src/shared/forms/renderer-context.ts';
import { initI18n } from '../../src/shared/i18n/i18n.ts';

declare global {
  interface Window {
    perf: { renderStart: number; painted: number; renders: Map<string, number>; latencies: number[] };
  }
}

const FIELDS = 300;
const page = new URLSearchParams(location.search).get('page') ?? 'form';
window.perf = { renderStart: 0, painted: 0, renders: new Map(), latencies: [] };

// Keystroke to paint: from the key's event time to the task after the next frame (painted then).
let keyDownAt = 0;
document.addEventListener('keydown', (event) => (keyDownAt = event.timeStamp), true);
document.addEventListener(
  'input',
  () => {
    const start = keyDownAt;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.perf.latencies.push(performance.now() - start);
      channel.port2.postMessage(0);
    });
  },
  true,
);
setRenderProbe((key) => window.perf.renders.set(key, (window.perf.renders.get(key) ?? 0) + 1));

function textFields(): FormField[] {
  return Array.from({ length: FIELDS }, (_, at) => ({ id: at + 1, type: 'text', name: `f${at}`, label: `Pregunta ${at + 1}`, required: at % 3 === 0, skippable: at % 5 === 0, validators: [] }));
}

function mixedFields(): FormField[] {
  const kinds = ['text', 'integer', 'boolean', 'multiple_choice', 'float', 'checkboxes', 'stars', 'value_in_num_range', 'code', 'emotion'] as const;
  return Array.from({ length: FIELDS }, (_, at): FormField => {
    const kind = at % 10 === 0 ? 'text' : kinds[at % kinds.length]!;
    const common = { id: at + 1, name: `f${at}`, label: `Pregunta ${at + 1}`, required: at % 3 === 0, skippable: at % 5 === 0, validators: [] };
    switch (kind) {
      case 'multiple_choice':
      case 'checkboxes':
        return { ...common, type: kind, choices: [{ choice: 'Sí' }, { choice: 'No' }, { choice: 'Tal vez' }] };
      case 'stars':
      case 'emotion':
        return { ...common, type: kind, max: 5, labels: [] };
      case 'value_in_num_range':
        return { ...common, type: kind, start: 1, stop: 5, step: 1, interpretations: [] };
      default:
        return { ...common, type: kind } as FormField;
    }
  });
}

const PlainInput = memo(function PlainInput({ index }: { index: number }) {
  const [value, setValue] = useState('');
  window.perf.renders.set(`f${index}`, (window.perf.renders.get(`f${index}`) ?? 0) + 1);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 16 }}>
      <label htmlFor={`i${index}`}>Pregunta {index + 1}</label>
      <input id={`i${index}`} data-testid={`plain-${index}`} value={value} onChange={(event) => setValue(event.currentTarget.value)} />
    </div>
  );
});

function Baseline() {
  return (
    <form>
      {Array.from({ length: FIELDS }, (_, at) => (
        <PlainInput key={at} index={at} />
      ))}
    </form>
  );
}

await initI18n('es');
// The renderer's own texts ("No aplica", the rating labels), as its routes load them.
await formsLocales.load('es');
const fields = page === 'mixed' ? mixedFields() : textFields();
const client = new QueryClient();
window.perf.renderStart = performance.now();
createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <QueryClientProvider client={client}>
      <div style={{ maxWidth: 760, margin: '0 auto', padding: 16 }}>{page === 'baseline' ? <Baseline /> : <FormRenderer fields={fields} onSubmit={async () => undefined} />}</div>
    </QueryClientProvider>
  </MantineProvider>,
);
// First paint: the frame after the one in which the last field appeared.
const last = page === 'baseline' ? `[data-testid=plain-${FIELDS - 1}]` : `[data-testid=field-f${FIELDS - 1}]`;
const waitForLast = () => {
  if (document.querySelector(last)) requestAnimationFrame(() => (window.perf.painted = performance.now()));
  else requestAnimationFrame(waitForLast);
};
requestAnimationFrame(waitForLast);
