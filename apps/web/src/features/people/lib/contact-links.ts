import { normalizePhone } from '@faena/domain/identity-documents';

/** The address that writes to an e-mail. */
export const mailHref = (email: string) => `mailto:${email}`;

/** The address that calls a phone: the number as the server keeps it (normalizePhone: + and digits). */
export const telHref = (number: string) => `tel:${normalizePhone(number) ?? number}`;
