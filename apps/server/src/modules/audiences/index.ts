/** The audiences module's public face: what other modules may use. */
export { resolveAudience } from './audiences.service.ts';
export { audiencesOfPerson, findAudience } from './audiences.repository.ts';
