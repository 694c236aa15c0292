import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The workflows module is not built yet: its screens say so and name the module.
export function WorkflowsRoute() {
  return <UnderConstruction moduleKey="workflows" />;
}

export function WorkflowsAdminRoute() {
  return <UnderConstruction moduleKey="workflowsAdmin" />;
}

export function AdvancedRoute() {
  return <UnderConstruction moduleKey="advanced" />;
}

export function PublicWorkflowStartRoute() {
  return <UnderConstruction moduleKey="publicWorkflowStart" homePath="/" />;
}
