import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The activities module is not built yet: its screens say so and name the module.
export function ActivitiesRoute() {
  return <UnderConstruction moduleKey="activities" />;
}
