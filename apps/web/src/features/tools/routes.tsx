import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The tools module is not built yet: its screens say so and name the module.
export function ToolsRoute() {
  return <UnderConstruction moduleKey="tools" />;
}
