import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The data-sources module is not built yet: its screens say so and name the module.
export function DataSourcesRoute() {
  return <UnderConstruction moduleKey="dataSources" />;
}
