import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The assets module is not built yet: its screens say so and name the module.
export function AssetsRoute() {
  return <UnderConstruction moduleKey="assets" />;
}

export function AssetsAdminRoute() {
  return <UnderConstruction moduleKey="assetsAdmin" />;
}

export function QrGeneratorRoute() {
  return <UnderConstruction moduleKey="qrGenerator" />;
}

export function MaintenanceRoute() {
  return <UnderConstruction moduleKey="maintenance" />;
}
