/** The people module's public face: what other modules may use. */
export { findPersonByPassport, personSummaries } from './people.repository.ts';
export {
  documentsOf,
  enabledPersonSql,
  existingPersonIds,
  findPerson,
  findPersonByEmail,
  findPersonByUser,
  insertPerson,
  linkPersonToUser,
  listPersonOptions,
  listPersons,
  setPersonPicture,
  signInablePersonIds,
  tenantPersonIdsSql,
  touchSignIn,
  updatePerson as updatePersonRecord,
} from './people.repository.ts';
export type { PersonFields, PersonRow } from './people.repository.ts';
export { toPersonListItem } from './people.service.ts';
export { setPersonDisabled } from './people.repository.ts';
export { seedDemoDirectory } from './directory.seed.ts';
export { personNameSql } from './people.repository.ts';
export { enabledPersonIdsSql, personsNamingSql } from './people.repository.ts';
