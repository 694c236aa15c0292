import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The notifications module is not built yet: its screens say so and name the module.
export function NotificationsRoute() {
  return <UnderConstruction moduleKey="notifications" />;
}
