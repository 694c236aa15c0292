import { formatMegabytes, formatMessageNumber } from './format.ts';

/**
 * The message catalogue of the forms engine: every text of spec forms §5 and §8 that the
 * engine produces, verbatim, and the nouns of list messages — defined here once. The web
 * renderer and the server both read them from here, so a message can never differ between the
 * browser's check and the server's 400.
 *
 * English texts are the product's own (API.md: a text the spec quotes in English is shown as
 * is in every language).
 */
export const FORM_MESSAGES = {
  required: 'This field is required',
  /** "unknown and regex" (spec §5): any value that is not of the field's shape, and regex. */
  invalid: 'Valor inválido',
  email: 'El campo debe ser un correo electrónico válido.',
  formHasErrors: 'The form has errors. Please check fields with red markers.',
  dateFormatUnsupported: 'Format different from default not supported by frontend.',
  invalidVideoId: 'ID de video inválido',
  videoLoadError: 'Error al cargar el video',
  invalidRut: 'Invalid RUT',
  fileSizeInvalidTitle: 'Peso del archivo inválido',
  fileSizeInvalidAccept: 'Aceptar',
} as const;

/** Display texts (spec §8). */
export const DISPLAY_TEXTS = {
  skipped: 'No aplica',
  empty: 'Sin respuesta',
  emptyList: 'Ninguna',
  yes: 'Sí',
  no: 'No',
} as const;

/** The "No aplica" checkbox label of skippable fields (spec §2, §4). */
export const SKIP_LABEL = DISPLAY_TEXTS.skipped;

export interface Noun {
  singular: string;
  plural: string;
  /** Indefinite article for "Puedes subir hasta un/una {noun}". */
  article: 'un' | 'una';
}

/** Nouns of list and upload messages — the only place they are spelled. */
export const NOUNS = {
  file: { singular: 'archivo', plural: 'archivos', article: 'un' },
  image: { singular: 'imagen', plural: 'imágenes', article: 'una' },
  option: { singular: 'opción', plural: 'opciones', article: 'una' },
  user: { singular: 'usuario', plural: 'usuarios', article: 'un' },
  venue: { singular: 'lugar', plural: 'lugares', article: 'un' },
  location: { singular: 'ubicación', plural: 'ubicaciones', article: 'una' },
  record: { singular: 'registro', plural: 'registros', article: 'un' },
  asset: { singular: 'activo', plural: 'activos', article: 'un' },
} as const satisfies Record<string, Noun>;
export type NounKey = keyof typeof NOUNS;

function countNoun(count: number, noun: Noun): string {
  return `${count} ${count === 1 ? noun.singular : noun.plural}`;
}

export type Bound = 'min' | 'max';
const BOUND_WORDS: Record<Bound, string> = { min: 'al menos', max: 'a lo más' };

/** Number fields and min_value / max_value: "Debe ser al menos {value}" / "Debe ser a lo más {value}". */
export function valueBoundMessage(bound: Bound, value: number | string): string {
  return `Debe ser ${BOUND_WORDS[bound]} ${formatMessageNumber(value)}`;
}

/** "Debe ser múltiplo de {step}". */
export function stepMessage(step: number): string {
  return `Debe ser múltiplo de ${formatMessageNumber(step)}`;
}

/** Text length: "El campo debe tener al menos {n} caracteres." (1 → "1 carácter."). */
export function textLengthMessage(bound: Bound, count: number): string {
  return `El campo debe tener ${BOUND_WORDS[bound]} ${countNoun(count, { singular: 'carácter', plural: 'caracteres', article: 'un' })}.`;
}

/** Lists: "Debe seleccionar al menos {n} {plural}" (1 → singular noun). */
export function listLengthMessage(bound: Bound, count: number, noun: NounKey): string {
  return `Debe seleccionar ${BOUND_WORDS[bound]} ${countNoun(count, NOUNS[noun])}`;
}

/** Shown when a list reaches its maximum: "Alcanzaste el límite de {plural}". */
export function limitReachedMessage(noun: NounKey): string {
  return `Alcanzaste el límite de ${NOUNS[noun].plural}`;
}

/** Lengths of other types: "La cantidad debe ser al menos {n}." */
export function quantityMessage(bound: Bound, count: number): string {
  return `La cantidad debe ser ${BOUND_WORDS[bound]} ${formatMessageNumber(count)}.`;
}

function whichFile(isPlural: boolean): string {
  return isPlural ? 'de cada archivo' : 'del archivo';
}

/**
 * "El peso de cada archivo debe ser al menos 1.44 MB" — "de cada archivo" on plural types,
 * "del archivo" otherwise; minimum rounded up, maximum rounded down (spec §5).
 */
export function fileSizeMessage(bound: Bound, bytes: number, isPlural: boolean): string {
  return `El peso ${whichFile(isPlural)} debe ser ${BOUND_WORDS[bound]} ${formatMegabytes(bytes, bound === 'min' ? 'up' : 'down')}`;
}

/** "El formato de cada archivo debe ser alguno de los siguientes: pdf, png". */
export function allowedFormatsMessage(formats: readonly string[], isPlural: boolean): string {
  return `El formato ${whichFile(isPlural)} debe ser alguno de los siguientes: ${formats.join(', ')}`;
}

/** "a, b o c" — Spanish enumeration. */
export function joinWithO(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} o ${items[items.length - 1]}`;
}

/** Upload widget, wrong type: "El archivo es de tipo inválido; Debe ser png, gif o jpeg." */
export function invalidFileTypeMessage(formats: readonly string[]): string {
  return `El archivo es de tipo inválido; Debe ser ${joinWithO(formats)}.`;
}

/**
 * Upload widget, size out of range (modal titled FORM_MESSAGES.fileSizeInvalidTitle):
 * "Por favor, seleccione un archivo que pese entre X y Y", or "… que pese a lo más Y" without a minimum.
 */
export function uploadSizeMessage(minBytes: number, maxBytes: number): string {
  const max = formatMegabytes(maxBytes, 'down');
  return minBytes > 0 ? `Por favor, seleccione un archivo que pese entre ${formatMegabytes(minBytes, 'up')} y ${max}` : `Por favor, seleccione un archivo que pese a lo más ${max}`;
}

export interface UploadHelpInput {
  noun: NounKey;
  minFiles: number;
  maxFiles: number;
  formats?: readonly string[];
  minSize?: number;
  maxSize?: number;
}

/**
 * Help text above an upload (spec §5): "Puedes subir hasta una imagen", "Puedes subir hasta 10
 * archivos" or "Se requieren entre 2 y 5 archivos"; then " en formato .pdf, .png"; then the size
 * " (entre X y Y" or " (máx. Y", with " cada uno" when several files are allowed, and ")".
 */
export function uploadHelpText(input: UploadHelpInput): string {
  const noun = NOUNS[input.noun];
  const several = input.maxFiles > 1;
  let text =
    input.minFiles > 0 && several
      ? `Se requieren entre ${input.minFiles} y ${input.maxFiles} ${noun.plural}`
      : several
        ? `Puedes subir hasta ${input.maxFiles} ${noun.plural}`
        : `Puedes subir hasta ${noun.article} ${noun.singular}`;
  if (input.formats && input.formats.length > 0) {
    text += ` en formato ${input.formats.map((format) => `.${format}`).join(', ')}`;
  }
  if (input.maxSize !== undefined) {
    const each = several ? ' cada uno' : '';
    const max = formatMegabytes(input.maxSize, 'down');
    text += input.minSize !== undefined && input.minSize > 0 ? ` (entre ${formatMegabytes(input.minSize, 'up')} y ${max}${each})` : ` (máx. ${max}${each})`;
  }
  return text;
}

/** The word shown next to optional fields when the form marks optional fields (spec §5). */
export const OPTIONAL_MARKER = 'optional';
export type RequiredMarkerStyle = 'optional-word' | 'asterisk';
export type RequiredMarker = { kind: 'optional-word'; text: string } | { kind: 'asterisk'; text: '*' };

/**
 * The marker next to a label (spec §5): either the word "optional" on optional fields, or a
 * red asterisk on required ones, depending on the form's configuration.
 */
export function requiredMarker(field: { required?: boolean }, style: RequiredMarkerStyle): RequiredMarker | null {
  if (style === 'asterisk') return field.required ? { kind: 'asterisk', text: '*' } : null;
  return field.required ? null : { kind: 'optional-word', text: OPTIONAL_MARKER };
}
