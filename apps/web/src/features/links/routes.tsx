import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The links module is not built yet: its screens say so and name the module.
export function LinksRoute() {
  return <UnderConstruction moduleKey="links" />;
}
