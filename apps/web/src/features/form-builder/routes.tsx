import { FormBuilderPage } from './components/form-builder-page.tsx';
import { formBuilderLocales } from '../../shared/forms/builder/locales/index.ts';

export const locales = [formBuilderLocales];

// The form builder (issue 5 point 5): its own lazily loaded chunk, reused by checklists later.
export function FormBuilderRoute() {
  return <FormBuilderPage />;
}
