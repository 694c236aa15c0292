import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The org-chart module is not built yet: its screens say so and name the module.
export function OrgChartRoute() {
  return <UnderConstruction moduleKey="orgChart" />;
}
