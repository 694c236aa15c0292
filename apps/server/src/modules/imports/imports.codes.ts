import type { TImportFileError } from '@faena/contracts';

/** Job error codes (spec forms §8) and what each means, in Spanish (the spec gives no texts for these). */
export const FILE_ERROR_TEXTS: Record<TImportFileError, string> = {
  FILE_NOT_REACHABLE: 'No se pudo leer el archivo',
  FILE_TYPE_NOT_SUPPORTED: 'El tipo de archivo no es compatible',
  FILE_WITHOUT_REQUIRED_HEADERS: 'El archivo no tiene las columnas requeridas',
  FILE_WITH_ERROR_IN_ROWS: 'El archivo tiene filas con errores',
  UNHANDLED_ERROR: 'Error no manejado',
};

/**
 * Row error codes. The first three are the spec's (forms §8), texts verbatim; the rest are the
 * engine's and the importers' own. A person row's RUT, e-mail and taken e-mail say what the spec
 * says for them anywhere (forms §5: 'Invalid RUT', 'Invalid email', 'Email already in use'),
 * in every language.
 */
export const ROW_ERROR_TEXTS = {
  FILE_ROW_BLANK_LABEL: "La columna 'label' no puede estar vacía",
  FILE_ROW_DUPLICATE_KEY: "La columna 'key' está duplicada",
  UNHANDLED_ERROR: 'Error no manejado',
  FILE_ROW_BLANK_KEY: "La columna 'key' no puede estar vacía",
  FILE_ROW_FORMULA: 'La celda contiene una fórmula; escribe el valor en su lugar',
  FILE_ROW_TOO_LONG: 'El valor es demasiado largo',
  FILE_ROW_INVALID_VALUE: 'Valor inválido',
  FILE_ROW_UNKNOWN_REFERENCE: 'No existe un registro con ese código o nombre',
  FILE_ROW_INVALID_NUMBER: 'El valor debe ser un número',
  FILE_ROW_INVALID_BOOLEAN: "El valor debe ser 'sí' o 'no'",
  FILE_ROW_CODE_IN_USE: 'El código ya está en uso por otro registro',
  FILE_ROW_MODULE_DISABLED: 'Ese módulo está deshabilitado en la organización; deja la columna vacía',
  PERSON_ROW_INVALID_RUT: 'Invalid RUT',
  PERSON_ROW_INVALID_DOCUMENT: 'Número de documento inválido para su tipo',
  PERSON_ROW_UNKNOWN_DOCUMENT_TYPE: 'Tipo de documento desconocido (CL_CI, PASSPORT, PE_DNI, CO_CC, MX_CURP, MX_RFS, MX_INE, MX_NSS, SV_DUI)',
  PERSON_ROW_INVALID_EMAIL: 'Invalid email',
  PERSON_ROW_INVALID_PHONE: 'Teléfono inválido',
  PERSON_ROW_INVALID_ORIGIN: 'Origen inválido (organización propia, socio comercial o empresa contratista)',
  PERSON_ROW_EMAIL_IN_USE: 'Email already in use',
  PERSON_ROW_DOCUMENT_IN_USE: 'El documento ya pertenece a otra persona',
  PERSON_ROW_EMAIL_DOCUMENT_MISMATCH: 'El correo y el documento pertenecen a personas distintas',
  PERSON_ROW_POSITION_NOT_ALLOWED: 'El cargo otorga permisos que quien importa no tiene',
  POSITION_ROW_UNKNOWN_PARENT: 'El cargo superior no existe ni está en el archivo',
  POSITION_ROW_CYCLE: 'Los cargos superiores forman un ciclo',
  POSITION_ROW_UNKNOWN_PERMISSION: 'Permiso desconocido',
  POSITION_ROW_PERMISSION_NOT_ALLOWED: 'Quien importa no tiene ese permiso para otorgarlo',
  CATALOG_ROW_INVALID_TIMEZONE: 'Zona horaria inválida (IANA, p. ej. America/Santiago)',
  CATALOG_ROW_INVALID_COUNTRY: 'País inválido (código ISO de dos letras, p. ej. CL)',
  LOCATION_ROW_CYCLE: 'La ubicación superior forma un ciclo',
} as const;
export type RowErrorCode = keyof typeof ROW_ERROR_TEXTS;

export const rowErrorText = (code: string | null): string | null => (code ? ((ROW_ERROR_TEXTS as Record<string, string>)[code] ?? code) : null);
