import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The documents module is not built yet: its screens say so and name the module.
export function DocumentTypesRoute() {
  return <UnderConstruction moduleKey="documentTypes" />;
}
