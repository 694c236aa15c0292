import { canAccess, ACCESS } from '../../shared/access/access.ts';
import { directoryLocales } from '../../shared/directory/locales/index.ts';
import { useAccessContext } from '../../shared/session/get-site-config.ts';
import { AudienceFormPage } from './components/audience-form-page.tsx';
import { AudiencesPage } from './components/audiences-page.tsx';
import { audiencesLocales } from './locales/index.ts';

export const locales = [audiencesLocales, directoryLocales];

/** /audiences (VIEW_PEOPLE; creating, editing and deleting need MANAGE_PEOPLE). */
export function AudiencesRoute() {
  const { ctx } = useAccessContext();
  return <AudiencesPage canManage={canAccess(ACCESS.peopleManage, ctx)} />;
}

/** /audiences/new (MANAGE_PEOPLE) and /audiences/:id (read-only without MANAGE_PEOPLE). */
export function AudienceFormRoute() {
  const { ctx } = useAccessContext();
  return <AudienceFormPage canManage={canAccess(ACCESS.peopleManage, ctx)} businessLinesEnabled={canAccess(ACCESS.businessLines, ctx)} />;
}
