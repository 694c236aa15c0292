/** The documents module's public face: what other modules may use. */
export { findStoredFile } from './documents.repository.ts';
export { filesMetadata, isUploadId } from './documents.service.ts';
export { findStoredFiles } from './documents.repository.ts';
export { fileKey, newUploadId, storedFileLink } from './documents.service.ts';
export { insertStoredFile } from './documents.repository.ts';
export {
  assertFilesAttachable,
  dropHeldFile,
  heldFiles,
  heldFilesOf,
  holdFiles,
  NO_ONE,
  readByEveryMember,
  registerFileHolders,
  releaseFiles,
  uploadIdsIn,
  type FileHolder,
  type FileHolderKind,
  type HolderReader,
} from './holdings.ts';
export { documentFiles } from './documents.files.ts';
export { documentsByIds } from './documents-area.service.ts';
export { DOCUMENT_HOLDER } from './documents.files.ts';
