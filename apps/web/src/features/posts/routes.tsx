import { UnderConstruction } from '../../shared/ui/under-construction.tsx';

// The posts module is not built yet: its screens say so and name the module.
export function PostsRoute() {
  return <UnderConstruction moduleKey="posts" />;
}
