import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The reports module is not built yet: its screens say so and name the module.
export function ReportsRoute() {
  return <UnderConstruction moduleKey="reports" />;
}

export function ReportsAdminRoute() {
  return <UnderConstruction moduleKey="reportsAdmin" />;
}

export function PublicReportRoute() {
  return <UnderConstruction moduleKey="publicReport" homePath="/" />;
}
