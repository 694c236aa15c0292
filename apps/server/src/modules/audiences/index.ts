/** The audiences module's public face: what other modules may use. */
export { resolveAudience } from './audiences.service.ts';
export { audienceNames, audiencesOfPerson, findAudience } from './audiences.repository.ts';
export { insertAudience } from './audiences.repository.ts';
export type { AudienceRow } from './audiences.repository.ts';
export { audiencePersonsSql } from './audiences.service.ts';
