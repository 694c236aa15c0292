import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The checklists module is not built yet: its screens say so and name the module.
export function ChecklistsRoute() {
  return <UnderConstruction moduleKey="checklists" />;
}

export function ChecklistAdminRoute() {
  return <UnderConstruction moduleKey="checklistAdmin" />;
}
