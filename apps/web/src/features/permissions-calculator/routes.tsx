import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The permissions-calculator module is not built yet: its screens say so and name the module.
export function PermissionsCalculatorRoute() {
  return <UnderConstruction moduleKey="permissionsCalculator" />;
}
