import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The people module is not built yet: its screens say so and name the module.
export function PeopleRoute() {
  return <UnderConstruction moduleKey="people" />;
}

export function PeopleUploadRoute() {
  return <UnderConstruction moduleKey="peopleUpload" />;
}

export function AudiencesRoute() {
  return <UnderConstruction moduleKey="audiences" />;
}

export function OrganizationRoute() {
  return <UnderConstruction moduleKey="organization" />;
}
