export { FileUploadField, type FileUploadFieldProps } from './file-upload-field.tsx';
export { PhotoField, type PhotoFieldProps } from './photo-field.tsx';
export { uploadBlob, storeTemporaryUpload, fetchFileMetadata, fetchFileBlob, ensureFileCookie, isDownloadLink } from './upload-api.ts';
export { useFileCookie, useFileUrl } from './use-file-url.ts';
