import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { FormField } from '@faena/domain/forms/schema';
import { ZFormDefinition } from '@faena/domain/forms/definition';
import { renderWithProviders } from '../../test/render.tsx';
import { FormRenderer, type FormRendererProps } from './form-renderer.tsx';

/** Test helpers of the renderer's component tests (jsdom). */

/** jsdom has no font loading API; Mantine's autosizing textarea listens to it. */
export function stubDocumentFonts(): void {
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  }
}
stubDocumentFonts();

/** A definition through the real schema (defaults filled in, like the server's). */
export function define(fields: unknown[]): FormField[] {
  return ZFormDefinition.parse(fields);
}

export async function renderForm(fields: unknown[], props: Partial<FormRendererProps> = {}) {
  const onSubmit = vi.fn<(response: Record<string, unknown>) => Promise<unknown>>(async () => undefined);
  const view = await renderWithProviders(<FormRenderer fields={define(fields)} onSubmit={onSubmit} {...props} />);
  return { ...view, onSubmit };
}

export function frame(name: string): HTMLElement {
  return screen.getByTestId(`field-${name}`);
}

/** The field's own text entry (a text box, a number, a select's search), not its "No aplica" box. */
export function inputOf(name: string): HTMLInputElement {
  const input = [...frame(name).querySelectorAll<HTMLInputElement>('input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), textarea')][0];
  if (!input) throw new Error(`no input in field ${name}`);
  return input;
}

export function type(name: string, text: string): void {
  const input = inputOf(name);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

export function submit(): void {
  fireEvent.click(screen.getByTestId('form-submit'));
}

/** The response the last submit sent. */
export function sent(onSubmit: { mock: { calls: unknown[][] } }): Record<string, unknown> {
  return onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;
}
