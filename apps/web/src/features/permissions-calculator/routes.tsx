import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { PermissionsCalculatorPage } from './components/permissions-calculator-page.tsx';
import { permissionsCalculatorLocales } from './locales/index.ts';

export const locales = [permissionsCalculatorLocales, directoryLocales];

/** /calculadora-permisos: given positions, people or an audience, the effective permission keys and why. */
export function PermissionsCalculatorRoute() {
  return <PermissionsCalculatorPage />;
}
