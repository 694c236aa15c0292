import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The catalogs module is not built yet: its screens say so and name the module.
export function VenuesRoute() {
  return <UnderConstruction moduleKey="venues" />;
}

export function LocationsRoute() {
  return <UnderConstruction moduleKey="locations" />;
}

export function BusinessLinesRoute() {
  return <UnderConstruction moduleKey="businessLines" />;
}

export function BlueprintsRoute() {
  return <UnderConstruction moduleKey="blueprints" />;
}

export function CompaniesRoute() {
  return <UnderConstruction moduleKey="companies" />;
}

export function StoresRoute() {
  return <UnderConstruction moduleKey="stores" />;
}
